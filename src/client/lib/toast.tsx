import { useEffect, useState, type CSSProperties } from 'react'
import type * as SonnerModule from 'sonner'
import type { ExternalToast } from 'sonner'

type Sonner = typeof SonnerModule
type Kind = 'success' | 'error' | 'info' | 'warning'

/** sonner, once downloaded; each mounted <Toasts> hears of it. */
let sonnerModule: Sonner | null = null
const onLoaded = new Set<(sonner: Sonner) => void>()
let loading: Promise<Sonner['toast']> | null = null
/** Resolved while a toaster is mounted and listens; a new promise while none is. */
let markListening = () => {}
let listening = new Promise<void>((resolve) => (markListening = resolve))

/**
 * sonner (about 9 KB gzip) is downloaded on the first toast, not with the first page: most
 * visits show none (docs/decisions/0032). A toast waits until a toaster is mounted and
 * listening (sonner forgets a toast sent before), whenever the library arrives and whether
 * <Toasts> mounts before or after: no toast is lost, the first included.
 */
function load() {
  loading ??= import('sonner').then((sonner) => {
    sonnerModule = sonner
    onLoaded.forEach((tell) => tell(sonner))
    return sonner.toast
  })
  return loading
}

const show =
  (kind: Kind) =>
  (message: string, data?: ExternalToast): void => {
    void load().then(async (toast) => {
      await listening
      toast[kind](message, data)
    })
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
  const [sonner, setSonner] = useState<Sonner | null>(sonnerModule)
  useEffect(() => {
    onLoaded.add(setSonner)
    if (sonnerModule) setSonner(sonnerModule)
    return () => {
      onLoaded.delete(setSonner)
    }
  }, [])
  // After the toaster's own effects (a child's run first): it listens for toasts by now.
  useEffect(() => {
    if (!sonner) return
    markListening()
    return () => {
      listening = new Promise<void>((resolve) => (markListening = resolve))
    }
  }, [sonner])
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
