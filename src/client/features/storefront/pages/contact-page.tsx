import { zodResolver } from '@hookform/resolvers/zod'
import { CheckCircle2, Mail, MapPin } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { contactInput, type ContactInput } from '@/shared/schemas/contact-form'
import type { z } from '@/shared/schemas/zod'
import { ShopContact } from '@/client/components/shop-contact'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { Field, Input, Textarea } from '@/client/components/ui/field'
import { Spinner } from '@/client/components/ui/spinner'
import { useCatalogueCountry } from '@/client/lib/catalogue'
import { useSession } from '@/client/lib/session'
import { useSendContact } from '../api/use-send-contact'

/** /contact: the form, then the 'Message envoyé !' panel. */
export default function ContactPage() {
  const { user } = useSession()
  const country = useCatalogueCountry()
  const send = useSendContact()
  const [sent, setSent] = useState(false)
  const form = useForm<ContactInput, unknown, z.output<typeof contactInput>>({
    resolver: zodResolver(contactInput),
    values: { name: user?.displayName ?? '', email: user?.email ?? '', subject: '', message: '' },
    resetOptions: { keepDirtyValues: true },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values)
      toast.success('Votre message a été envoyé avec succès !')
      setSent(true)
    } catch (e) {
      toast.error(
        e instanceof Error && e.message ? e.message : "Une erreur est survenue lors de l'envoi du message.",
      )
    }
  })

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
      <div className="space-y-4">
        <h1 className="text-2xl font-bold text-stone-900">Contactez-nous</h1>
        <p className="text-stone-600">
          Une question sur une commande, une découpe spéciale, une livraison ? Écrivez-nous, nous répondons
          sous 24 heures.
        </p>
        <ul className="space-y-2 text-sm text-stone-700">
          <li className="flex items-center gap-2">
            <Mail className="h-4 w-4 text-brand" aria-hidden /> contact@etal.africa
          </li>
          <li className="flex items-center gap-2">
            <MapPin className="h-4 w-4 text-brand" aria-hidden /> Dakar, Sénégal
          </li>
        </ul>
        <ShopContact
          countryId={country.status === 'pending' ? null : country.countryId}
          message="Bonjour Étal, j’ai une question :"
        />
      </div>
      <Card>
        {sent ? (
          <CardContent className="flex flex-col items-center gap-3 p-8 text-center sm:p-10">
            <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden />
            <h2 className="text-xl font-semibold text-stone-900">Message envoyé !</h2>
            <p className="text-stone-600">
              Merci, nous avons bien reçu votre message et vous répondrons rapidement.
            </p>
            <Button onClick={() => window.location.reload()}>Envoyer un autre message</Button>
          </CardContent>
        ) : (
          <>
            <CardHeader>
              <CardTitle>Envoyer un message</CardTitle>
            </CardHeader>
            <CardContent>
              <form onSubmit={onSubmit} noValidate className="space-y-4">
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field label="Nom" htmlFor="name" error={errors.name?.message}>
                    <Input
                      id="name"
                      autoComplete="name"
                      aria-invalid={!!errors.name}
                      {...form.register('name')}
                    />
                  </Field>
                  <Field label="Email" htmlFor="email" error={errors.email?.message}>
                    <Input
                      id="email"
                      type="email"
                      autoComplete="email"
                      aria-invalid={!!errors.email}
                      {...form.register('email')}
                    />
                  </Field>
                </div>
                <Field label="Sujet" htmlFor="subject" error={errors.subject?.message}>
                  <Input id="subject" aria-invalid={!!errors.subject} {...form.register('subject')} />
                </Field>
                <Field label="Message" htmlFor="message" error={errors.message?.message}>
                  <Textarea
                    id="message"
                    rows={6}
                    aria-invalid={!!errors.message}
                    {...form.register('message')}
                  />
                </Field>
                <Button type="submit" className="w-full sm:w-auto" disabled={isSubmitting}>
                  {isSubmitting && <Spinner className="h-4 w-4 text-white" />}
                  {isSubmitting ? 'Envoi…' : 'Envoyer le message'}
                </Button>
              </form>
            </CardContent>
          </>
        )}
      </Card>
    </div>
  )
}
