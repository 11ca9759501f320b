// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import RegisterPage from '../../src/client/features/auth/pages/register-page'
import { fakeNetwork, sessionUser, withProviders } from './network'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const mali = {
  id: 2,
  name: 'Mali',
  code: 'ML',
  dialCode: '+223',
  currency: 'XOF',
  shopPhone: null,
  shopWhatsapp: null,
  halalStatement: null,
}

/** The registration form, its countries answered, its registration echoed. */
function renderForm() {
  const sent = fakeNetwork({
    'GET /_api/countries': { body: { countries: [mali] } },
    'POST /_api/auth/register_with_password': { status: 201, body: { user: sessionUser('client') } },
  })
  render(withProviders(<RegisterPage />, '/register'))
  return sent
}

async function fill() {
  await userEvent.type(screen.getByLabelText('Nom complet'), 'Fanta Keïta')
  await userEvent.type(screen.getByLabelText('Email'), 'fanta@exemple.ml')
  await userEvent.type(screen.getByLabelText('Mot de passe'), 'motdepasse1')
  await waitFor(() => expect(screen.getByRole('option', { name: 'Mali (+223)' })).toBeTruthy())
  await userEvent.selectOptions(screen.getByLabelText('Pays'), 'Mali')
  await userEvent.type(screen.getByLabelText('Ville'), 'Bamako')
}

const registered = (sent: ReturnType<typeof fakeNetwork>) =>
  sent.find((c) => c.url === '/_api/auth/register_with_password')?.body as Record<string, unknown>

describe('RegisterPage: SMS notices (docs/rules/people.md#accounts)', () => {
  it('asks once a number is typed, ticked by default, and sends the choice', async () => {
    const sent = renderForm()
    await fill()
    expect(screen.queryByLabelText('Recevoir les avis de commande par SMS')).toBeNull()
    await userEvent.type(screen.getByLabelText('Téléphone'), '70 11 22 33')
    const box = screen.getByLabelText('Recevoir les avis de commande par SMS') as HTMLInputElement
    expect(box.checked).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }))
    await waitFor(() => expect(registered(sent)).toBeDefined())
    expect(registered(sent)).toMatchObject({ phoneNumber: '70 11 22 33', smsNotices: true })
  })

  it('sends false once unticked', async () => {
    const sent = renderForm()
    await fill()
    await userEvent.type(screen.getByLabelText('Téléphone'), '70 11 22 34')
    await userEvent.click(screen.getByLabelText('Recevoir les avis de commande par SMS'))
    await userEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }))
    await waitFor(() => expect(registered(sent)).toBeDefined())
    expect(registered(sent)).toMatchObject({ smsNotices: false })
  })
})
