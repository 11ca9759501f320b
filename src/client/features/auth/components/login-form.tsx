import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { checkLogin, loginValues } from '@/shared/login-check'
import type { LoginInput, SessionUser } from '@/shared/schemas/auth'
import { Button } from '@/client/components/ui/button'
import { Field, Input } from '@/client/components/ui/field'
import { publishUser, signOutQuietly, useLogin } from '@/client/lib/session'
import { Spinner } from '@/client/components/ui/spinner'
import { deviceCountryId } from '@/client/lib/catalogue'
import { type Gate, safeRedirect } from '@/client/lib/login-gates'
import { usePageSearch } from '@/client/lib/page-url'

// The second step is a staff sign-in's (its code, or its enrolment): loaded when the server
// asks for it, not with every client's sign-in (docs/rules/phones-offline.md#phone-first-load).
const CodeStep = lazy(() => import('./second-step').then((m) => ({ default: m.CodeStep })))
const EnrolStep = lazy(() => import('./second-step').then((m) => ({ default: m.EnrolStep })))

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
  const params = usePageSearch()
  const [error, setError] = useState<string | null>(null)
  const [redirecting, setRedirecting] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const [problems, setProblems] = useState<ReturnType<typeof checkLogin>>({})
  const [secondStep, setSecondStep] = useState<'code' | 'enrol' | null>(null)
  const accepts = (user: SessionUser) => gate.roles.includes(user.role)

  /** Signed in (after the password, or after its second factor): the gate, then the page. */
  const finish = async (user: SessionUser) => {
    if (!accepts(user)) {
      await signOutQuietly(qc)
      setSecondStep(null)
      setError(gate.refusal)
      return
    }
    setRedirecting(true)
    const target = safeRedirect(params?.get('redirect') ?? null) ?? gate.destination(user.role)
    setTimeout(() => navigate(target, { replace: true }), 200)
  }
  const finishSecondStep = (user: SessionUser) => {
    publishUser(qc, user, accepts)
    void finish(user)
  }

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
      // The country chosen on this device goes along: a number as dialled is read there too
      // (docs/rules/people.md#accounts).
      const answer = await login.mutateAsync(loginValues({ ...values, countryId: deviceCountryId() }))
      if ('twoFactor' in answer) setSecondStep(answer.twoFactor)
      else await finish(answer.user)
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'La connexion a échoué. Veuillez réessayer.')
    } finally {
      setSubmitting(false)
    }
  }

  const busy = submitting || redirecting
  if (secondStep)
    return (
      <Suspense fallback={<Spinner />}>
        {secondStep === 'code' ? (
          <CodeStep onSignedIn={finishSecondStep} />
        ) : (
          <EnrolStep onDone={finishSecondStep} />
        )}
      </Suspense>
    )
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
      <Field label="Email ou téléphone" htmlFor="email" error={problems.email}>
        <Input
          id="email"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          name="email"
        />
      </Field>
      <Field label="Mot de passe" htmlFor="password" error={problems.password}>
        <Input id="password" type="password" autoComplete="current-password" name="password" />
      </Field>
      <Button type="submit" className="w-full" pending={busy}>
        {busy ? 'Connexion…' : submitLabel}
      </Button>
    </form>
  )
}
