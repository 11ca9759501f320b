import { Copy, MessageCircle } from 'lucide-react'
import { useState } from 'react'
import { whatsappShareUrl } from '@/shared/product-links'
import { Button } from '@/client/components/ui/button'
import { toast } from '@/client/lib/toast'

/** A pay link to send to family: WhatsApp with the text ready, or copied. */
export function ShareLink({ url, text }: { url: string; text: string }) {
  const [copied, setCopied] = useState(false)
  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
      toast.success('Lien copié.')
    } catch {
      toast.error('Le lien n’a pas pu être copié : sélectionnez-le et copiez-le.')
    }
  }
  return (
    <div className="space-y-2" data-testid="share-link">
      <p className="rounded-md bg-stone-50 p-2 text-xs break-all text-stone-700" data-testid="pay-link-url">
        {url}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href={whatsappShareUrl(text)} target="_blank" rel="noopener noreferrer">
            <MessageCircle className="h-4 w-4" aria-hidden />
            Envoyer sur WhatsApp
          </a>
        </Button>
        <Button variant="ghost" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden />
          {copied ? 'Copié' : 'Copier le lien'}
        </Button>
      </div>
    </div>
  )
}
