import { useEffect } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { Button } from '@/client/components/ui/button'
import { Input } from '@/client/components/ui/field'
import { FormField } from '@/client/components/ui/form-field'
import { errorMessage } from '@/client/lib/api'
import { useCouponCheck } from '../api/use-coupon-check'
import type { CartForm } from '../lib/cart-form'

/**
 * "Code promo" (docs/rules/commerce.md#coupons): the client types a code and applies it; the server
 * answers its discount on the goods, or why it does not apply, in French, under the field. The
 * checkout decides again when the order is placed.
 */
export function CouponField({
  form,
  applied,
  subtotal,
  onApply,
  onDiscount,
}: {
  form: UseFormReturn<CartForm>
  /** The code applied (null: none). */
  applied: string | null
  subtotal: number
  onApply: (code: string | null) => void
  /** The discount the applied code gives now (0: none or refused). */
  onDiscount: (discount: number, code: string | null) => void
}) {
  const check = useCouponCheck(applied, subtotal)
  const answer = applied ? check.data : undefined
  useEffect(() => {
    onDiscount(answer?.applies ? answer.discount : 0, answer?.applies ? answer.code : null)
  }, [answer, onDiscount])
  const refused = answer && !answer.applies ? answer.message : undefined
  const failed = applied && check.isError ? errorMessage(check.error, 'Code promo non vérifié.') : undefined

  const apply = () => {
    const code = form.getValues('couponCode').trim()
    form.clearErrors('couponCode')
    onApply(code || null)
  }
  return (
    <div className="space-y-1">
      <FormField form={form} name="couponCode" id="couponCode" label="Code promo" error={refused ?? failed}>
        {(control) => (
          <div className="flex gap-2">
            <div className="min-w-0 flex-1">
              <Input
                {...control}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={30}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault()
                    apply()
                  }
                }}
              />
            </div>
            <Button type="button" variant="outline" pending={check.isFetching} onClick={apply}>
              Appliquer
            </Button>
          </div>
        )}
      </FormField>
      {answer?.applies && (
        <p className="text-sm text-emerald-700" role="status" data-testid="coupon-applied">
          {answer.message}{' '}
          <button
            type="button"
            className="underline"
            onClick={() => {
              form.setValue('couponCode', '')
              onApply(null)
            }}
          >
            Retirer
          </button>
        </p>
      )}
    </div>
  )
}
