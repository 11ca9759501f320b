import { CheckCircle2 } from 'lucide-react'

/**
 * /paiement/merci (docs/rules/money.md#payments): where a provider sends back whoever paid at the door
 * (the client's phone, scanning the driver's QR code). It only thanks: the driver's card shows
 * the payment once the server has it from the provider.
 */
export default function PaymentThanksPage() {
  return (
    <div className="mx-auto max-w-lg space-y-3 py-8 text-center">
      <CheckCircle2 aria-hidden className="mx-auto h-10 w-10 text-emerald-700" />
      <h1 className="text-2xl font-bold">Merci !</h1>
      <p>Le paiement est en cours de vérification. Le livreur voit sur son téléphone quand il est reçu.</p>
    </div>
  )
}
