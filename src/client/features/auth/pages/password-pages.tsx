import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { checkNewPassword, PASSWORD_MIN_LENGTH } from '@/shared/domain/password'
import { homeRouteFor } from '@/shared/domain/roles'
import { isIdentifier, LOGIN_MESSAGES, normalizeIdentifier } from '@/shared/login-check'
import type { SessionUser, SignInAnswer } from '@/shared/schemas/auth'
import { Button } from '@/client/components/ui/button'
import { Field, Input } from '@/client/components/ui/field'
import { api } from '@/client/lib/api'
import { deviceCountryId } from '@/client/lib/catalogue'
import { usePageSearch } from '@/client/lib/page-url'
import { publishUser } from '@/client/lib/session'
import { toast } from '@/client/lib/toast'
import { AuthCard } from '../components/auth-card'
import { CodeStep, EnrolStep } from '../components/second-step'

/**
 * A forgotten password (docs/rules/people.md#accounts): /forgot-password asks for an e-mail or a
 * phone number and answers the same whether an account exists or not; by phone it then takes
 * the SMS's code and the new password; /reset-password takes the e-mailed link's new password.
 * Either way the person is signed in on this device and sent to its home.
 *
 * The forms read what was typed from the form itself (before hydration too) and check without
 * zod nor react-hook-form, as the sign-in form does (docs/decisions/0028): their fields are the
 * kit's `Field`, which marks each control invalid with its error, and the password's rule is the
 * shared one (`checkNewPassword`, src/shared/domain/password.ts).
 */

const doors = {
  client: '/client/login',
  delivery: '/delivery/login',
  employee: '/employee/login',
} as const
const loginOf = (door: string | null) => doors[door as keyof typeof doors] ?? doors.client

const CODE_FORMAT = 'Le code a 6 chiffres.'
const MISMATCH = 'Les deux mots de passe ne sont pas identiques.'

function Alert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {children}
    </p>
  )
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
    >
      {children}
    </p>
  )
}

/** The new password is set and this device signed in: the session, a word, the person's home. */
function useSignedIn() {
  const qc = useQueryClient()
  const navigate = useNavigate()
  return (user: SessionUser) => {
    publishUser(qc, user)
    toast.success('Mot de passe changé. Vous êtes connecté(e).')
    navigate(homeRouteFor(user.role), { replace: true })
  }
}

const messageOf = (e: unknown) =>
  e instanceof Error && e.message ? e.message : 'La demande a échoué. Veuillez réessayer.'

/** The password changed; a staff account with a second factor still gives its code to sign in. */
function SecondStepAfterReset({
  step,
  onSignedIn,
}: {
  step: 'code' | 'enrol'
  onSignedIn: (user: SessionUser) => void
}) {
  return (
    <AuthCard title="Mot de passe changé" subtitle="Votre compte demande aussi son code de vérification.">
      {step === 'code' ? <CodeStep onSignedIn={onSignedIn} /> : <EnrolStep onDone={onSignedIn} />}
    </AuthCard>
  )
}

/**
 * Both resets' last step: the new password posted, then this device signed in, or the second
 * factor asked first (`step`, shown instead of the page). `error` and `busy` are the form's.
 */
function useResetAnswer() {
  const signedIn = useSignedIn()
  const [secondStep, setSecondStep] = useState<'code' | 'enrol' | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const send = async (post: () => Promise<SignInAnswer>) => {
    setError(null)
    setBusy(true)
    try {
      const answer = await post()
      if ('twoFactor' in answer) setSecondStep(answer.twoFactor)
      else signedIn(answer.user)
    } catch (err) {
      setError(messageOf(err))
      setBusy(false)
    }
  }
  const step = secondStep ? <SecondStepAfterReset step={secondStep} onSignedIn={signedIn} /> : null
  return { busy, setBusy, error, setError, send, step }
}

/** The problems found, shown; the focus on the first field in error. Whether there was one. */
function stopAtFirst<F extends string>(form: HTMLFormElement, found: Partial<Record<F, string>>, order: F[]) {
  const first = order.find((f) => found[f])
  if (first) form.querySelector<HTMLInputElement>(`#${first}`)?.focus()
  return first !== undefined
}

function NewPasswordField({ error }: { error?: string }) {
  return (
    <Field
      label="Nouveau mot de passe"
      htmlFor="password"
      error={error}
      hint={`${PASSWORD_MIN_LENGTH} caractères au moins.`}
    >
      <Input id="password" name="password" type="password" autoComplete="new-password" />
    </Field>
  )
}

function BackToLogin({ door }: { door: string | null }) {
  return (
    <p>
      Vous vous en souvenez ?{' '}
      <Link to={loginOf(door)} className="font-medium text-brand hover:underline">
        Retour à la connexion
      </Link>
    </p>
  )
}

export function ForgotPasswordPage() {
  // The sign-in page to go back to (`?door=`): the client's until the URL is known (lib/page-url.ts).
  const door = usePageSearch()?.get('door') ?? null
  const { busy, setBusy, error, setError, send, step } = useResetAnswer()
  const [identifier, setIdentifier] = useState('')
  const [sent, setSent] = useState<'email' | 'sms' | null>(null)
  const [problems, setProblems] = useState<{ identifier?: string; code?: string; password?: string }>({})

  const ask = async (e?: FormEvent<HTMLFormElement>) => {
    e?.preventDefault()
    // Read from the form, not from state: what was typed before the page was hydrated (a slow
    // phone) is in the field, not in React's state. The SMS step and "Recevoir un nouveau
    // code" use the identifier kept here.
    const typed = e ? String(new FormData(e.currentTarget).get('identifier') ?? '') : identifier
    const value = normalizeIdentifier(typed)
    setIdentifier(value)
    if (!isIdentifier(value)) {
      setProblems({ identifier: LOGIN_MESSAGES.email })
      document.getElementById('identifier')?.focus()
      return
    }
    setProblems({})
    setError(null)
    setBusy(true)
    try {
      // The page's country picks among accounts of the same local digits (docs/rules/people.md#accounts).
      const { channel } = await api.post('/_api/auth/password/forgot', {
        identifier: value,
        countryId: deviceCountryId() ?? undefined,
      })
      setSent(channel)
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  const reset = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const data = new FormData(e.currentTarget)
    const code = String(data.get('code') ?? '').trim()
    const password = String(data.get('password') ?? '')
    const found = {
      code: /^\d{6}$/.test(code) ? undefined : CODE_FORMAT,
      password: checkNewPassword(password),
    }
    setProblems(found)
    if (stopAtFirst(e.currentTarget, found, ['code', 'password'])) return
    await send(() =>
      api.post('/_api/auth/password/reset_with_code', {
        identifier: normalizeIdentifier(identifier),
        countryId: deviceCountryId() ?? undefined,
        code,
        password,
      }),
    )
  }

  if (step) return step
  return (
    <AuthCard
      title="Mot de passe oublié"
      subtitle="Donnez l’e-mail ou le numéro de téléphone de votre compte : nous vous envoyons de quoi choisir un nouveau mot de passe."
      footer={<BackToLogin door={door} />}
    >
      {error && <Alert>{error}</Alert>}
      {sent === 'email' && (
        <Notice>
          Si un compte existe pour cette adresse, nous venons d’y envoyer un lien pour choisir un nouveau mot
          de passe. Il sert une seule fois, pendant 30 minutes. Pensez à regarder dans les courriers
          indésirables.
        </Notice>
      )}
      {sent === 'sms' ? (
        <form onSubmit={(e) => void reset(e)} noValidate className="space-y-4">
          <Notice>
            Si un compte existe pour ce numéro, nous venons d’y envoyer un code à 6 chiffres par SMS. Il
            marche pendant 10 minutes, pour 5 essais.
          </Notice>
          <Field label="Code reçu par SMS" htmlFor="code" error={problems.code}>
            <Input id="code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Field>
          <NewPasswordField error={problems.password} />
          <Button type="submit" className="w-full" pending={busy}>
            Changer le mot de passe
          </Button>
          <Button
            type="button"
            variant="outline"
            className="w-full"
            disabled={busy}
            onClick={() => void ask()}
          >
            Recevoir un nouveau code
          </Button>
        </form>
      ) : (
        <form onSubmit={(e) => void ask(e)} noValidate className="space-y-4">
          <Field
            label="Email ou téléphone"
            htmlFor="identifier"
            error={problems.identifier}
            hint="Par téléphone, vous recevrez un code par SMS."
          >
            <Input id="identifier" name="identifier" autoComplete="username" defaultValue={identifier} />
          </Field>
          <Button type="submit" className="w-full" pending={busy}>
            {sent === 'email' ? 'Renvoyer le lien' : 'Recevoir un lien ou un code'}
          </Button>
        </form>
      )}
    </AuthCard>
  )
}

export function ResetPasswordPage() {
  // The e-mailed link's `?token=`: the build's shell is drawn without it (lib/page-url.ts), with
  // the form, as the link opens it; a link without it is told so once the URL is known.
  const search = usePageSearch()
  const token = search?.get('token') ?? null
  const incomplete = search !== null && !token
  const { busy, error, send, step } = useResetAnswer()
  const [problems, setProblems] = useState<{ password?: string; confirm?: string }>({})

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const data = new FormData(e.currentTarget)
    const password = String(data.get('password') ?? '')
    const confirm = String(data.get('confirm') ?? '')
    const found = {
      password: checkNewPassword(password),
      confirm: !checkNewPassword(password) && confirm !== password ? MISMATCH : undefined,
    }
    setProblems(found)
    if (stopAtFirst(e.currentTarget, found, ['password', 'confirm'])) return
    await send(() => api.post('/_api/auth/password/reset_with_link', { token: token ?? '', password }))
  }

  if (step) return step
  return (
    <AuthCard
      title="Nouveau mot de passe"
      subtitle="Choisissez le mot de passe de votre compte. Toutes ses autres sessions seront fermées."
      footer={
        <p>
          Le lien ne marche plus ?{' '}
          <Link to="/forgot-password" className="font-medium text-brand hover:underline">
            Demander un nouveau lien
          </Link>
        </p>
      }
    >
      {incomplete ? (
        <Alert>Ce lien est incomplet. Ouvrez le lien reçu par e-mail, ou demandez-en un nouveau.</Alert>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
          {error && <Alert>{error}</Alert>}
          <NewPasswordField error={problems.password} />
          <Field label="Confirmez le mot de passe" htmlFor="confirm" error={problems.confirm}>
            <Input id="confirm" name="confirm" type="password" autoComplete="new-password" />
          </Field>
          <Button type="submit" className="w-full" pending={busy}>
            Enregistrer et me connecter
          </Button>
        </form>
      )}
    </AuthCard>
  )
}
