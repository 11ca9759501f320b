import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { EnrolmentAnswer, SessionUser } from '@/shared/schemas/auth'
import { Button } from '@/client/components/ui/button'
import { Field, Input } from '@/client/components/ui/field'
import { Spinner } from '@/client/components/ui/spinner'
import { api } from '@/client/lib/api'

const messageOf = (e: unknown) =>
  e instanceof Error && e.message ? e.message : 'La vérification a échoué. Veuillez réessayer.'

/** The step's one field (a ref does not pass through the Input primitive). */
const codeField = () => document.querySelector<HTMLInputElement>('#code')

function Alert({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  )
}

/**
 * The second step of a staff sign-in (docs/rules/people.md#accounts): the code of the
 * authenticator app, or one of the recovery codes. The password step left a pending sign-in on
 * the server; this one turns it into a session.
 */
export function CodeStep({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => codeField()?.focus(), [])

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const code = String(new FormData(e.currentTarget).get('code') ?? '').trim()
    if (!code) {
      setError('Saisissez le code à 6 chiffres de votre application, ou un code de secours.')
      codeField()?.focus()
      return
    }
    setError(null)
    setBusy(true)
    try {
      const { user } = await api.post('/_api/auth/two_factor/verify', { code })
      onSignedIn(user)
    } catch (err) {
      setError(messageOf(err))
      setBusy(false)
      codeField()?.select()
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold text-stone-900">Vérification en deux étapes</h2>
      {error && <Alert message={error} />}
      <Field
        label="Code de vérification"
        htmlFor="code"
        hint="Le code à 6 chiffres de votre application d’authentification, ou l’un de vos codes de secours."
      >
        <Input
          id="code"
          name="code"
          type="text"
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
        />
      </Field>
      <Button type="submit" className="w-full" pending={busy}>
        {busy ? 'Vérification…' : 'Vérifier'}
      </Button>
    </form>
  )
}

/** A QR code drawn by the server as one SVG path: no QR library in the browser. */
function Qr({ path, size }: { path: string; size: number }) {
  return (
    <svg
      role="img"
      aria-label="QR code à scanner avec votre application d’authentification"
      viewBox={`0 0 ${size} ${size}`}
      className="h-48 w-48 bg-white"
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#000" />
    </svg>
  )
}

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim()

/**
 * Enrolling an authenticator: at sign-in for root and super_admin (they cannot go further
 * before), or from the account page for admins and drivers. A QR code and the secret as text,
 * the first code to prove it works, then the ten recovery codes, shown this once.
 */
export function EnrolStep({
  onDone,
  doneLabel = 'J’ai noté mes codes de secours, continuer',
  intro,
  replacing = false,
}: {
  onDone: (user: SessionUser) => void
  doneLabel?: string
  intro?: string
  /** Moving to another app: a code of the current one (or a recovery code) is asked too. */
  replacing?: boolean
}) {
  const [setup, setSetup] = useState<EnrolmentAnswer | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<{ codes: string[]; user: SessionUser } | null>(null)
  const started = useRef(false)

  useEffect(() => {
    // One secret per visit of this step (React's development double effect asks once).
    if (started.current) return
    started.current = true
    api
      .post('/_api/auth/two_factor/setup')
      .then(setSetup)
      .catch((e: unknown) => setError(messageOf(e)))
  }, [])

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const code = String(form.get('code') ?? '').replace(/\s/g, '')
    const currentCode = replacing ? String(form.get('currentCode') ?? '').trim() : undefined
    if (!/^\d{6}$/.test(code)) {
      setError('Saisissez le code à 6 chiffres affiché par la nouvelle application.')
      codeField()?.focus()
      return
    }
    if (replacing && !currentCode) {
      setError('Saisissez aussi un code de l’application actuelle (ou un code de secours).')
      document.getElementById('currentCode')?.focus()
      return
    }
    setError(null)
    setBusy(true)
    try {
      const answer = await api.post('/_api/auth/two_factor/enable', { code, currentCode })
      setDone({ codes: answer.recoveryCodes, user: answer.user })
    } catch (err) {
      setError(messageOf(err))
      codeField()?.select()
    } finally {
      setBusy(false)
    }
  }

  if (done) {
    return (
      <div className="space-y-4">
        <h2 className="text-lg font-semibold text-stone-900">Vos codes de secours</h2>
        <p role="status" className="text-sm text-stone-700">
          La double authentification est activée. Si vous perdez votre téléphone, chacun de ces codes remplace
          une fois le code de l’application. Notez-les et gardez-les en lieu sûr : ils ne seront plus
          affichés.
        </p>
        <ol
          aria-label="Codes de secours"
          className="grid grid-cols-2 gap-2 rounded-md border border-stone-200 bg-stone-50 p-3 font-mono text-sm"
        >
          {done.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        <Button type="button" className="w-full" onClick={() => onDone(done.user)}>
          {doneLabel}
        </Button>
      </div>
    )
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold text-stone-900">
        {replacing ? 'Changez d’application d’authentification' : 'Activez la double authentification'}
      </h2>
      <p className="text-sm text-stone-700">
        {intro ??
          'Votre compte donne accès aux commandes et aux clients : il se protège par un code en plus du mot de passe.'}{' '}
        Installez une application d’authentification (Google Authenticator, Microsoft Authenticator, Aegis,
        FreeOTP…), scannez ce QR code, puis saisissez le code à 6 chiffres qu’elle affiche.
      </p>
      {error && <Alert message={error} />}
      {setup ? (
        <>
          <div className="flex justify-center">
            <Qr path={setup.qrPath} size={setup.qrSize} />
          </div>
          <p className="text-sm text-stone-700">
            Pas de caméra ? Saisissez cette clé dans l’application :{' '}
            <code data-testid="totp-secret" className="font-mono font-semibold break-all text-stone-900">
              {grouped(setup.secret)}
            </code>
          </p>
          <Field
            label={replacing ? 'Code à 6 chiffres de la nouvelle application' : 'Code à 6 chiffres'}
            htmlFor="code"
          >
            <Input
              id="code"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
            />
          </Field>
          {replacing && (
            <Field label="Code de l’application actuelle, ou un code de secours" htmlFor="currentCode">
              <Input id="currentCode" name="currentCode" type="text" autoComplete="off" maxLength={20} />
            </Field>
          )}
          <Button type="submit" className="w-full" pending={busy}>
            {busy ? 'Vérification…' : replacing ? 'Changer d’application' : 'Activer'}
          </Button>
        </>
      ) : (
        !error && (
          <p className="flex items-center gap-2 text-sm text-stone-600">
            <Spinner size="sm" /> Préparation du QR code…
          </p>
        )
      )}
    </form>
  )
}
