import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { registerInput, type RegisterInput } from '@/shared/schemas/auth'
import type { z } from '@/shared/schemas/zod'
import { Button } from '@/client/components/ui/button'
import { Field, Input, Select } from '@/client/components/ui/field'
import { Spinner } from '@/client/components/ui/spinner'
import { useCountries } from '@/client/lib/reference-data'
import { useRegister } from '@/client/lib/session'
import { AuthCard } from '../components/auth-card'

/** Registration: the server's message turned into the one to show. */
function registrationError(message: string | undefined): string {
  const m = (message ?? '').toLowerCase()
  if (m.includes('déjà utilisée') || m.includes('already in use'))
    return 'Cette adresse email est déjà utilisée. Veuillez essayer de vous connecter.'
  if (m.includes('nom')) return "Veuillez fournir un nom d'affichage valide."
  if (m.includes('téléphone')) return 'Veuillez fournir un numéro de téléphone valide.'
  if (m.includes('ville')) return 'Veuillez fournir une ville valide.'
  if (m.includes('pays')) return 'Veuillez sélectionner un pays valide.'
  return message || "L'inscription a échoué. Veuillez réessayer."
}

export default function RegisterPage() {
  const countries = useCountries()
  const register = useRegister()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const form = useForm<RegisterInput, unknown, z.output<typeof registerInput>>({
    resolver: zodResolver(registerInput),
    defaultValues: { email: '', password: '', displayName: '', phoneNumber: '', city: '', country: '' },
  })
  const { errors } = form.formState
  const countryName = useWatch({ control: form.control, name: 'country' })
  const dialCode = countries.data?.find((c) => c.name === countryName)?.dialCode

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null)
    try {
      const { user } = await register.mutateAsync(values)
      toast.success(`Bienvenue, ${user.displayName} !`)
      navigate('/dashboard', { replace: true })
    } catch (e) {
      setError(registrationError(e instanceof Error ? e.message : undefined))
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
        <Field label="Nom complet" htmlFor="displayName" error={errors.displayName?.message}>
          <Input
            id="displayName"
            autoComplete="name"
            aria-invalid={!!errors.displayName}
            {...form.register('displayName')}
          />
        </Field>
        <Field label="Email" htmlFor="email" error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-invalid={!!errors.email}
            {...form.register('email')}
          />
        </Field>
        <Field
          label="Mot de passe"
          htmlFor="password"
          error={errors.password?.message}
          hint="Au moins 8 caractères."
        >
          <Input
            id="password"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!errors.password}
            {...form.register('password')}
          />
        </Field>
        <Field
          label="Pays"
          htmlFor="country"
          error={errors.country?.message ?? (countries.isError ? 'Failed to fetch countries' : undefined)}
        >
          <Select
            id="country"
            aria-invalid={!!errors.country}
            disabled={countries.isPending}
            {...form.register('country')}
          >
            <option value="">{countries.isPending ? 'Chargement des pays…' : 'Choisissez votre pays'}</option>
            {countries.data?.map((c) => (
              <option key={c.id} value={c.name}>
                {c.name} ({c.dialCode})
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Ville" htmlFor="city" error={errors.city?.message}>
          <Input
            id="city"
            autoComplete="address-level2"
            aria-invalid={!!errors.city}
            {...form.register('city')}
          />
        </Field>
        <Field
          label="Téléphone"
          htmlFor="phoneNumber"
          error={errors.phoneNumber?.message}
          hint={
            dialCode
              ? `L'indicatif ${dialCode} sera ajouté automatiquement.`
              : 'Choisissez d’abord votre pays : son indicatif sera ajouté automatiquement.'
          }
        >
          <div className="flex">
            <span
              className="inline-flex h-10 min-w-16 items-center justify-center rounded-l-md border border-r-0 border-stone-300 bg-stone-100 px-2 text-sm text-stone-700"
              data-testid="dial-code"
            >
              {dialCode ?? '+…'}
            </span>
            <Input
              id="phoneNumber"
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              className="rounded-l-none"
              aria-invalid={!!errors.phoneNumber}
              {...form.register('phoneNumber')}
            />
          </div>
        </Field>
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting && <Spinner className="h-4 w-4 text-white" />}
          {form.formState.isSubmitting ? 'Création du compte…' : 'Créer mon compte'}
        </Button>
      </form>
    </AuthCard>
  )
}
