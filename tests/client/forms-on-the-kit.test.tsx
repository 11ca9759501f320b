// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CountryDialog } from '../../src/client/features/admin-places/components/country-dialog'
import { PhotoField } from '../../src/client/features/admin-products/components/photo-field'
import { ProductDialog } from '../../src/client/features/admin-products/components/product-dialog'
import { ForgotPasswordPage, ResetPasswordPage } from '../../src/client/features/auth/pages/password-pages'
import { fakeNetwork, withProviders } from './network'

/**
 * The forms that set aria-invalid by hand before the kit did (src/client/README.md "Forms"): an
 * invalid field is marked and described by its own message, through FormField, FieldGroup, Field.
 */
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** The control is marked invalid and described by its error, which says `message`. */
function expectInvalid(control: HTMLElement, errorId: string, message: string) {
  expect(control.getAttribute('aria-invalid')).toBe('true')
  expect(control.getAttribute('aria-describedby')).toBe(errorId)
  expect(document.getElementById(errorId)?.textContent).toBe(message)
}

describe('the product dialog', () => {
  it('marks the name and the price invalid with their messages, and the fields in order untouched', async () => {
    const sent = fakeNetwork({ 'GET /_api/product-categories': { body: { categories: [] } } })
    render(
      withProviders(
        <ProductDialog open onOpenChange={() => undefined} countries={[{ id: 1, name: 'Sénégal' }]} />,
      ),
    )
    const name = screen.getByLabelText('Nom du produit')
    expect(name.getAttribute('aria-invalid')).toBeNull()
    await userEvent.type(name, 'Bœ')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le produit' }))
    await waitFor(() =>
      expectInvalid(name, 'product-name-error', 'Le nom doit contenir au moins 3 caractères.'),
    )
    expectInvalid(
      screen.getByLabelText('Prix (F CFA)'),
      'product-price-error',
      'Le prix doit être un nombre entier positif.',
    )
    const origin = screen.getByLabelText('Origine')
    expect(origin.getAttribute('aria-invalid')).toBeNull()
    expect(origin.getAttribute('aria-describedby')).toBe('product-origin-hint')
    expect(sent.filter((c) => c.method === 'POST')).toEqual([])

    await userEvent.type(name, 'uf')
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le produit' }))
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBeNull())
    expect(document.getElementById('product-name-error')).toBeNull()
  })
})

describe('the country dialog', () => {
  it('marks every Mobile Money line invalid with the list’s one message', async () => {
    fakeNetwork({})
    render(withProviders(<CountryDialog open onOpenChange={() => undefined} />))
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un fournisseur' }))
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le pays' }))
    const message = 'Au moins un fournisseur Mobile Money est requis.'
    await waitFor(() =>
      expectInvalid(screen.getByLabelText('Fournisseur 1'), 'country-providers-error', message),
    )
    expectInvalid(screen.getByLabelText('Fournisseur 2'), 'country-providers-error', message)
    expect(
      screen.getByRole('button', { name: 'Retirer le fournisseur 1' }).getAttribute('aria-invalid'),
    ).toBeNull()
    expect(screen.getByRole('group', { name: 'Fournisseurs Mobile Money' })).toBeTruthy()
    expectInvalid(
      screen.getByLabelText('Nom du pays'),
      'country-name-error',
      'Le nom du pays doit contenir au moins 2 caractères.',
    )
  })
})

describe('the product’s photo', () => {
  it('marks the file picker invalid with the refusal, and describes it by its hint before', async () => {
    fakeNetwork({})
    render(withProviders(<PhotoField onPick={() => undefined} />))
    const picker = screen.getByLabelText('Photo du produit') as HTMLInputElement
    expect(picker.type).toBe('file')
    expect(picker.getAttribute('aria-invalid')).toBeNull()
    expect(picker.getAttribute('aria-describedby')).toBe('product-photo-hint')
    await userEvent.upload(picker, new File([], 'vide.png', { type: 'image/png' }))
    await waitFor(() => expectInvalid(picker, 'product-photo-error', 'Aucune photo reçue.'))
  })
})

describe('the password pages', () => {
  it('/reset-password: a short password, then two that differ, each on its field', async () => {
    const sent = fakeNetwork({})
    render(withProviders(<ResetPasswordPage />, '/reset-password?token=abcdefghijkl.secret'))
    const password = screen.getByLabelText('Nouveau mot de passe')
    expect(password.getAttribute('aria-describedby')).toBe('password-hint')
    expect(document.getElementById('password-hint')?.textContent).toBe('8 caractères au moins.')
    await userEvent.type(password, 'court')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer et me connecter' }))
    await waitFor(() =>
      expectInvalid(password, 'password-error', 'Le mot de passe doit contenir au moins 8 caractères'),
    )
    const confirm = screen.getByLabelText('Confirmez le mot de passe')
    expect(confirm.getAttribute('aria-invalid')).toBeNull()

    await userEvent.type(password, 'et long')
    await userEvent.type(confirm, 'autre chose')
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer et me connecter' }))
    await waitFor(() =>
      expectInvalid(confirm, 'confirm-error', 'Les deux mots de passe ne sont pas identiques.'),
    )
    expect(password.getAttribute('aria-invalid')).toBeNull()
    expect(sent.filter((c) => c.method === 'POST')).toEqual([])
  })

  it('/forgot-password: an identifier that is neither an e-mail nor a phone number', async () => {
    const sent = fakeNetwork({})
    render(withProviders(<ForgotPasswordPage />, '/forgot-password'))
    const identifier = screen.getByLabelText('Email ou téléphone')
    await userEvent.type(identifier, 'personne')
    await userEvent.click(screen.getByRole('button', { name: 'Recevoir un lien ou un code' }))
    await waitFor(() =>
      expectInvalid(
        identifier,
        'identifier-error',
        'Veuillez entrer une adresse email ou un numéro de téléphone valide.',
      ),
    )
    expect(sent.filter((c) => c.method === 'POST')).toEqual([])
  })
})
