// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as ToastModule from '../../src/client/lib/toast'

/** A fresh copy of the toast module for each test: its state (sonner loaded, a toaster listening) is the module's. */
let lib: typeof ToastModule
beforeEach(async () => {
  vi.resetModules()
  lib = await import('../../src/client/lib/toast')
})
afterEach(cleanup)

describe('toasts, sonner loaded on the first one', () => {
  it('shows a toast sent before any toaster was mounted, once one is', async () => {
    lib.toast.success('Produit ajouté au panier')
    // The library arrives while no toaster is there: the toast waits, it is not lost.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.queryByText('Produit ajouté au panier')).toBeNull()
    render(<lib.Toasts />)
    expect(await screen.findByText('Produit ajouté au panier')).toBeTruthy()
  })

  it('shows the first toast sent while the toaster is mounted, and the next ones', async () => {
    render(<lib.Toasts />)
    act(() => lib.toast.error('Stock insuffisant'))
    expect(await screen.findByText('Stock insuffisant')).toBeTruthy()
    act(() => lib.toast.info('Deuxième message'))
    expect(await screen.findByText('Deuxième message')).toBeTruthy()
  })

  it('keeps a toast sent while the toaster is away until it is back', async () => {
    const first = render(<lib.Toasts />)
    act(() => lib.toast.success('Premier'))
    expect(await screen.findByText('Premier')).toBeTruthy()
    first.unmount()
    lib.toast.warning('Pendant l’absence')
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.queryByText('Pendant l’absence')).toBeNull()
    render(<lib.Toasts />)
    expect(await screen.findByText('Pendant l’absence')).toBeTruthy()
  })
})
