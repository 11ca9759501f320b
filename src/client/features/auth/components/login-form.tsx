import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate, useSearchParams } from 'react-router'
import { loginInput, type LoginInput } from '@/shared/schemas/auth'
import type { z } from '@/shared/schemas/zod'
import { Button } from '@/client/components/ui/button'
import { Field, Input } from '@/client/components/ui/field'
import { Spinner } from '@/client/components/ui/spinner'
import { signOutQuietly, useLogin } from '@/client/lib/session'
import { type Gate, safeRedirect } from '@/client/lib/login-gates'

/**
 * Email and password, then the gate: a role the page refuses is signed out again and told why;
 * otherwise, 200 ms later, the page the gate (or the guard that sent us here) names.
 */
export function LoginForm({ gate, submitLabel = 'Se connecter' }: { gate: Gate; submitLabel?: string }) {
  const login = useLogin((user) => gate.roles.includes(user.role))
  const qc = useQueryClient()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [error, setError] = useState<string | null>(null)
  const [redirecting, setRedirecting] = useState(false)
  const form = useForm<LoginInput, unknown, z.output<typeof loginInput>>({
    resolver: zodResolver(loginInput),
    defaultValues: { email: '', password: '' },
  })

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null)
    try {
      const { user } = await login.mutateAsync(values)
      if (!gate.roles.includes(user.role)) {
        await signOutQuietly(qc)
        setError(gate.refusal)
        return
      }
      setRedirecting(true)
      const target = safeRedirect(params.get('redirect')) ?? gate.destination(user.role)
      setTimeout(() => navigate(target, { replace: true }), 200)
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'La connexion a échoué. Veuillez réessayer.')
    }
  })

  const busy = form.formState.isSubmitting || redirecting
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <Field label="Email" htmlFor="email" error={form.formState.errors.email?.message}>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={!!form.formState.errors.email}
          {...form.register('email')}
        />
      </Field>
      <Field label="Mot de passe" htmlFor="password" error={form.formState.errors.password?.message}>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!form.formState.errors.password}
          {...form.register('password')}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy && <Spinner className="h-4 w-4 text-white" />}
        {busy ? 'Connexion…' : submitLabel}
      </Button>
    </form>
  )
}
