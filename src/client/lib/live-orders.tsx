import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { LiveOrderEvent } from '@/shared/schemas/live'
import { Button } from '@/client/components/ui/button'
import { liveBadge } from './live-badge'
import { callKey } from './queries'

// docs/rules/orders.md#live: the browser's end of the live orders' stream.

const LIVE_PATH = '/_api/live/orders'
/** Several events in a burst (a weigh-in writes three) make one read of each list. */
const COALESCE_MS = 250

/** What each kind of screen reads again when an order of its reach changes. */
const staffKeys = [
  callKey('/_api/admin/orders'),
  callKey('/_api/orderdetails'),
  callKey('/_api/admin/orders/messages'),
  callKey('/_api/admin/orders/payments'),
  callKey('/_api/admin/cash/report'),
] as const
const driverKeys = [callKey('/_api/dashboard/delivery')] as const

let audio: AudioContext | undefined
/** The chime's context, made (or woken) on a gesture: browsers may refuse sound before one. */
function unlockSound() {
  try {
    audio ??= new AudioContext()
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined)
  } catch {
    // No Web Audio: silence.
  }
}

/** One short two-tone ring (no file to download). Silent if the browser still blocks sound. */
function ring() {
  try {
    audio ??= new AudioContext()
    if (audio.state !== 'running') return
    const t = audio.currentTime
    for (const [freq, at] of [
      [880, 0],
      [1320, 0.18],
    ] as const) {
      const osc = audio.createOscillator()
      const gain = audio.createGain()
      osc.frequency.value = freq
      gain.gain.setValueAtTime(0.0001, t + at)
      gain.gain.exponentialRampToValueAtTime(0.3, t + at + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, t + at + 0.3)
      osc.connect(gain).connect(audio.destination)
      osc.start(t + at)
      osc.stop(t + at + 0.32)
    }
  } catch {
    // Sound is a courtesy.
  }
}

const canNotify = () => typeof Notification !== 'undefined'

function notify(orderId: number) {
  if (!canNotify() || Notification.permission !== 'granted' || document.visibilityState === 'visible') return
  try {
    const n = new Notification('Nouvelle commande', { body: `Commande #${orderId}`, tag: `order-${orderId}` })
    n.onclick = () => {
      window.focus()
      n.close()
    }
  } catch {
    // Some phones only notify from a service worker: the badge and the ring remain.
  }
}

/**
 * Opens the stream while mounted and reads again the lists it concerns when an order changes;
 * staff also hear a new order (a ring, the menu's badge, a notification when the tab is hidden).
 * The browser reconnects by itself (the server ends a stream after its longest life), sending
 * Last-Event-ID; every reopening reads the lists again, so nothing written while the connection
 * was down is missed.
 */
export function useLiveOrders(kind: 'staff' | 'driver') {
  const qc = useQueryClient()
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    const keys = kind === 'staff' ? staffKeys : driverKeys
    let timer: ReturnType<typeof setTimeout> | undefined
    const refresh = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        for (const queryKey of keys) void qc.invalidateQueries({ queryKey: [...queryKey] })
      }, COALESCE_MS)
    }
    let opened = false
    let source: EventSource | undefined
    const onOrder = (msg: Event) => {
      refresh()
      const e = JSON.parse((msg as MessageEvent<string>).data) as LiveOrderEvent
      if (kind === 'staff' && e.type === 'created') {
        liveBadge.add()
        ring()
        notify(e.orderId)
      }
    }
    const open = () => {
      source = new EventSource(LIVE_PATH)
      source.onopen = () => {
        if (opened) refresh()
        opened = true
      }
      source.addEventListener('resync', refresh)
      source.addEventListener('order', onOrder)
      // A newer stream of this account or address took its place (docs/rules/orders.md#live):
      // closed, and taken back only when this tab is looked at again (not a tug of war of tabs).
      source.addEventListener('replaced', () => {
        source?.close()
        source = undefined
      })
    }
    const onVisible = () => {
      if (!source && document.visibilityState === 'visible') open()
    }
    open()
    document.addEventListener('visibilitychange', onVisible)
    window.addEventListener('pointerdown', unlockSound, { once: true })
    window.addEventListener('keydown', unlockSound, { once: true })
    return () => {
      clearTimeout(timer)
      source?.close()
      document.removeEventListener('visibilitychange', onVisible)
      window.removeEventListener('pointerdown', unlockSound)
      window.removeEventListener('keydown', unlockSound)
    }
  }, [kind, qc])
}

/**
 * The staff layout's live part: the stream, and the offer to be alerted (sound and the browser's
 * notifications, which need the staff member's yes). Lazy: it never reaches the storefront.
 */
export default function StaffLive() {
  useLiveOrders('staff')
  const [permission, setPermission] = useState(() => (canNotify() ? Notification.permission : 'denied'))
  if (permission !== 'default') return null
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="mx-3 mb-2 md:mx-2"
      onClick={() => {
        unlockSound()
        void Notification.requestPermission().then(setPermission, () => setPermission('denied'))
      }}
    >
      Activer les alertes
    </Button>
  )
}
