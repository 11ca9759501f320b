// @vitest-environment happy-dom
import { zodResolver } from '@hookform/resolvers/zod'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Input } from '../../src/client/components/ui/field'
import { FormField } from '../../src/client/components/ui/form-field'
import { z } from '../../src/shared/schemas/zod'

afterEach(cleanup)

const schema = z.object({ email: z.string().min(1, 'Veuillez saisir votre email.') })

function Form({ onValid, fallback }: { onValid: (v: { email: string }) => void; fallback?: string }) {
  const form = useForm<{ email: string }>({ resolver: zodResolver(schema), defaultValues: { email: '' } })
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <FormField form={form} name="email" id="email" label="Email" hint="Votre adresse." error={fallback}>
        {(control) => <Input type="email" {...control} />}
      </FormField>
      <button type="submit">Envoyer</button>
    </form>
  )
}

describe('FormField', () => {
  it('labels its control, describes it by the hint, then by the error with aria-invalid, and sends the value', async () => {
    const onValid = vi.fn()
    render(<Form onValid={onValid} />)
    const input = screen.getByLabelText('Email') as HTMLInputElement
    expect(input.getAttribute('aria-describedby')).toBe('email-hint')
    expect(input.getAttribute('aria-invalid')).toBeNull()

    await userEvent.click(screen.getByText('Envoyer'))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Veuillez saisir votre email.'))
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby')).toBe('email-error')
    expect(onValid).not.toHaveBeenCalled()

    await userEvent.type(input, 'awa@example.sn')
    await userEvent.click(screen.getByText('Envoyer'))
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1))
    expect(onValid.mock.calls[0]?.[0]).toEqual({ email: 'awa@example.sn' })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows the message it is given when the form holds none', () => {
    render(<Form onValid={() => undefined} fallback="Failed to fetch countries" />)
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch countries')
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
  })
})
