import { useEffect, useState, type CSSProperties } from 'react'
import type * as SonnerModule from 'sonner'
import type { ExternalToast } from 'sonner'

type Sonner = typeof SonnerModule
type Kind = 'success' | 'error' | 'info' | 'warning'

/** Set while <Toasts> is mounted: mounts sonner's toaster, resolved once it listens. */
let mountToaster: ((sonner: Sonner) => Promise<void>) | null = null
let loading: Promise<Sonner['toast']> | null = null

/**
 * sonner (about 9 KB gzip) is downloaded on the first toast, not with the first page: most
 * visits show none (docs/decisions/0032). Its toaster is mounted then, before the toast is
 * shown, so that the first toast is not lost.
 */
function load() {
  loading ??= import('sonner').then(async (sonner) => {
    await mountToaster?.(sonner)
    return sonner.toast
  })
  return loading
}

const show =
  (kind: Kind) =>
  (message: string, data?: ExternalToast): void => {
    void load().then((toast) => toast[kind](message, data))
  }

/** The app's toasts: sonner's calls, the library loaded on the first one. */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
}

/** Where the toasts show (in the app's providers): nothing until the first toast. 3 visible, 4 s, bottom-right. */
export function Toasts() {
  const [sonner, setSonner] = useState<Sonner | null>(null)
  const [mounted, setMounted] = useState<(() => void) | null>(null)
  useEffect(() => {
    mountToaster = (loaded) =>
      new Promise<void>((resolve) => {
        setMounted(() => resolve)
        setSonner(loaded)
      })
    return () => {
      mountToaster = null
    }
  }, [])
  // After the toaster's own effects: it listens for toasts by now.
  useEffect(() => {
    if (sonner) mounted?.()
  }, [sonner, mounted])
  if (!sonner) return null
  const { Toaster } = sonner
  return (
    <Toaster
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      richColors
      closeButton
      style={RICH_TEXT}
    />
  )
}

/**
 * sonner's rich colours put their text at about 4.2:1 on their own backgrounds, under WCAG AA's
 * 4.5:1 (axe's color-contrast): the same hues, darker, at 7:1 or more. Set on the toaster's
 * list, so they win over sonner's theme variables.
 */
const RICH_TEXT = {
  '--success-text': '#166534',
  '--error-text': '#991b1b',
  '--info-text': '#1e40af',
  '--warning-text': '#92400e',
} as CSSProperties
