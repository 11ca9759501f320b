import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { checkLogin, loginValues } from '@/shared/login-check'
import type { LoginInput } from '@/shared/schemas/auth'
import { Button } from '@/client/components/ui/button'
import { Field, Input } from '@/client/components/ui/field'
import { Spinner } from '@/client/components/ui/spinner'
import { signOutQuietly, useLogin } from '@/client/lib/session'
import { type Gate, safeRedirect } from '@/client/lib/login-gates'

/**
 * Email and password, then the gate: a role the page refuses is signed out again and told why;
 * otherwise, 200 ms later, the page the gate (or the guard that sent us here) names.
 *
 * Checked by `checkLogin`, the shared schema's rules without zod nor react-hook-form: the one
 * form of a shopper's first visit does not download 35 KB for two fields (docs/decisions/0028).
 * As the other forms do: checked at submit, then again at each keystroke; the focus goes to the
 * first field in error.
 */
export function LoginForm({ gate, submitLabel = 'Se connecter' }: { gate: Gate; submitLabel?: string }) {
  const login = useLogin((user) => gate.roles.includes(user.role))
  const qc = useQueryClient()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [error, setError] = useState<string | null>(null)
  const [redirecting, setRedirecting] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const [problems, setProblems] = useState<ReturnType<typeof checkLogin>>({})

  const read = (form: HTMLFormElement): LoginInput => {
    const data = new FormData(form)
    return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') }
  }

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = e.currentTarget
    const values = read(form)
    const found = checkLogin(values)
    setSubmitted(true)
    setProblems(found)
    const first = (['email', 'password'] as const).find((field) => found[field])
    if (first) {
      form.querySelector<HTMLInputElement>(`#${first}`)?.focus()
      return
    }
    setError(null)
    setSubmitting(true)
    try {
      const { user } = await login.mutateAsync(loginValues(values))
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
    } finally {
      setSubmitting(false)
    }
  }

  const busy = submitting || redirecting
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      onInput={(e) => submitted && setProblems(checkLogin(read(e.currentTarget)))}
      noValidate
      className="space-y-4"
    >
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <Field label="Email" htmlFor="email" error={problems.email}>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={!!problems.email}
          name="email"
        />
      </Field>
      <Field label="Mot de passe" htmlFor="password" error={problems.password}>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!problems.password}
          name="password"
        />
      </Field>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy && <Spinner className="h-4 w-4 text-white" />}
        {busy ? 'Connexion…' : submitLabel}
      </Button>
    </form>
  )
}
