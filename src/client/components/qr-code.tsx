import qrcode from 'qrcode-generator'

/**
 * A QR code drawn as one SVG path (no canvas, no image request): the driver's door payment, the
 * shop counter's (docs/rules/pickup.md#hand-over), a campaign animal's tag
 * (docs/rules/campaigns-operations.md#tags). Its size is its box's.
 */
export function QrCode({
  text,
  label,
  className = 'h-48 w-48',
}: {
  text: string
  label: string
  className?: string
}) {
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  const n = qr.getModuleCount()
  let d = ''
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 4},${r + 4}h1v1h-1z`
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${n + 8} ${n + 8}`}
      className={`${className} bg-white`}
      shapeRendering="crispEdges"
    >
      <path d={d} fill="#000" />
    </svg>
  )
}
