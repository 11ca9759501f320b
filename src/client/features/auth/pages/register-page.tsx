import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { PASSWORD_HINT } from '@/shared/domain/password'
import { toast } from '@/client/lib/toast'
import { registerInput, type RegisterInput } from '@/shared/schemas/auth'
import type { z } from '@/shared/schemas/zod'
import { Button } from '@/client/components/ui/button'
import { FormField } from '@/client/components/ui/form-field'
import { Input, Select } from '@/client/components/ui/field'
import { registrationErrorText } from '@/client/lib/error-text'
import { useCountries } from '@/client/lib/reference-data'
import { useRegister } from '@/client/lib/session'
import { AuthCard } from '../components/auth-card'
import { CountryOptions } from '@/client/components/country-options'

export default function RegisterPage() {
  const countries = useCountries()
  const register = useRegister()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const form = useForm<RegisterInput, unknown, z.output<typeof registerInput>>({
    resolver: zodResolver(registerInput),
    defaultValues: {
      email: '',
      password: '',
      displayName: '',
      phoneNumber: '',
      city: '',
      country: '',
      smsNotices: true,
    },
  })
  const countryName = useWatch({ control: form.control, name: 'country' })
  const phoneTyped = useWatch({ control: form.control, name: 'phoneNumber' }).trim() !== ''
  const dialCode = countries.data?.find((c) => c.name === countryName)?.dialCode

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null)
    try {
      const { user } = await register.mutateAsync(values)
      toast.success(`Bienvenue, ${user.displayName} !`)
      navigate('/dashboard', { replace: true })
    } catch (e) {
      setError(registrationErrorText(e))
    }
  })

  return (
    <AuthCard
      title="Créer un compte"
      subtitle="Commandez votre viande fraîche, livrée dans votre quartier."
      footer={
        <>
          <p>
            Déjà client ?{' '}
            <Link to="/client/login" className="font-medium text-brand hover:underline">
              Se connecter
            </Link>
          </p>
          <p>
            Livreur ?{' '}
            <Link to="/delivery/login" className="font-medium text-brand hover:underline">
              Connexion livreur
            </Link>{' '}
            · Administrateur ?{' '}
            <Link to="/admin/dashboard" className="font-medium text-brand hover:underline">
              Espace admin
            </Link>
          </p>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        )}
        <FormField form={form} name="displayName" id="displayName" label="Nom complet">
          {(control) => <Input autoComplete="name" {...control} />}
        </FormField>
        <FormField form={form} name="email" id="email" label="Email">
          {(control) => <Input type="email" autoComplete="email" inputMode="email" {...control} />}
        </FormField>
        <FormField form={form} name="password" id="password" label="Mot de passe" hint={PASSWORD_HINT}>
          {(control) => <Input type="password" autoComplete="new-password" {...control} />}
        </FormField>
        <FormField
          form={form}
          name="country"
          id="country"
          label="Pays"
          error={countries.isError ? 'Failed to fetch countries' : undefined}
        >
          {(control) => (
            <Select disabled={countries.isPending} {...control}>
              <CountryOptions
                countries={countries.data}
                value="name"
                none={countries.isPending ? 'Chargement des pays…' : 'Choisissez votre pays'}
                label={(c) => `${c.name} (${c.dialCode})`}
              />
            </Select>
          )}
        </FormField>
        <FormField form={form} name="city" id="city" label="Ville">
          {(control) => <Input autoComplete="address-level2" {...control} />}
        </FormField>
        <FormField
          form={form}
          name="phoneNumber"
          id="phoneNumber"
          label="Téléphone"
          hint={
            dialCode
              ? `L'indicatif ${dialCode} sera ajouté automatiquement.`
              : 'Choisissez d’abord votre pays : son indicatif sera ajouté automatiquement.'
          }
        >
          {(control) => (
            <div className="flex">
              <span
                className="inline-flex h-10 min-w-16 items-center justify-center rounded-l-md border border-r-0 border-stone-300 bg-stone-100 px-2 text-sm text-stone-700"
                data-testid="dial-code"
              >
                {dialCode ?? '+…'}
              </span>
              <Input
                type="tel"
                autoComplete="tel-national"
                inputMode="tel"
                className="rounded-l-none"
                {...control}
              />
            </div>
          )}
        </FormField>
        {/* Asked once a number is typed, ticked by default: many clients read SMS, not e-mail
            (docs/rules/people.md#accounts); changed later on the account page. */}
        {phoneTyped && (
          <div className="space-y-1">
            <label className="flex min-h-10 items-center gap-3 text-sm text-stone-800">
              <input
                id="smsNotices"
                type="checkbox"
                className="h-5 w-5 accent-brand"
                aria-describedby="smsNotices-hint"
                {...form.register('smsNotices')}
              />
              Recevoir les avis de commande par SMS
            </label>
            <p id="smsNotices-hint" className="text-xs text-stone-600">
              Commande reçue, pesée, en route, livrée ou annulée, à ce numéro. Vous pourrez changer d’avis
              dans votre compte.
            </p>
          </div>
        )}
        <Button type="submit" className="w-full" pending={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Création du compte…' : 'Créer mon compte'}
        </Button>
      </form>
    </AuthCard>
  )
}
