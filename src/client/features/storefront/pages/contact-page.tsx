import { zodResolver } from '@hookform/resolvers/zod'
import { CheckCircle2, Mail, MapPin } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from '@/client/lib/toast'
import { contactInput, type ContactInput } from '@/shared/schemas/contact-form'
import type { z } from '@/shared/schemas/zod'
import { ShopContact } from '@/client/components/shop-contact'
import { Button } from '@/client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card'
import { FormField } from '@/client/components/ui/form-field'
import { Input, Textarea } from '@/client/components/ui/field'
import { useCatalogueCountry } from '@/client/lib/catalogue'
import { useCountries } from '@/client/lib/reference-data'
import { useSession } from '@/client/lib/session'
import { useSendContact } from '../api/use-send-contact'

/** /contact: the form, then the 'Message envoyé !' panel. */
export default function ContactPage() {
  const { user } = useSession()
  const country = useCatalogueCountry()
  const countries = useCountries().data ?? []
  const countryId = country.status === 'pending' ? undefined : country.countryId
  const shown =
    countryId === undefined
      ? []
      : countryId === null
        ? countries.filter((c) => c.shopPhone || c.shopWhatsapp) // every country the shop can be reached in
        : countries.filter((c) => c.id === countryId)
  const send = useSendContact()
  const [sent, setSent] = useState(false)
  const form = useForm<ContactInput, unknown, z.output<typeof contactInput>>({
    resolver: zodResolver(contactInput),
    values: { name: user?.displayName ?? '', email: user?.email ?? '', subject: '', message: '' },
    resetOptions: { keepDirtyValues: true },
  })
  const { isSubmitting } = form.formState

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
        </ul>
        {/* The shop in the caller's country (a client's own, a visitor's choice); a visitor who
            chose none sees those of every country that has any, each under its name (docs/rules/people.md#phones). */}
        {shown.map((c) => (
          <section key={c.id} className="space-y-2" data-testid="shop-country">
            <h2 className="flex items-center gap-2 text-sm font-semibold text-stone-900">
              <MapPin className="h-4 w-4 text-brand" aria-hidden /> Étal {c.name}
            </h2>
            <ShopContact countryId={c.id} message="Bonjour Étal, j’ai une question :" />
          </section>
        ))}
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
                  <FormField form={form} name="name" id="name" label="Nom">
                    {(control) => <Input autoComplete="name" {...control} />}
                  </FormField>
                  <FormField form={form} name="email" id="email" label="Email">
                    {(control) => <Input type="email" autoComplete="email" {...control} />}
                  </FormField>
                </div>
                <FormField form={form} name="subject" id="subject" label="Sujet">
                  {(control) => <Input {...control} />}
                </FormField>
                <FormField form={form} name="message" id="message" label="Message">
                  {(control) => <Textarea rows={6} {...control} />}
                </FormField>
                <Button type="submit" className="w-full sm:w-auto" pending={isSubmitting}>
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
