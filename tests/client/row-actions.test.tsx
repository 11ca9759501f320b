// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Pencil, Trash2 } from 'lucide-react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RowActions } from '../../src/client/components/ui/row-actions'

afterEach(cleanup)

describe('RowActions', () => {
  it('names each action after its row, gives an icon alone its word as tooltip, and runs it', async () => {
    const edit = vi.fn()
    const remove = vi.fn()
    render(
      <RowActions
        actions={[
          { label: 'Modifier Sénégal', text: 'Modifier', icon: Pencil, onClick: edit },
          { label: 'Supprimer Sénégal', text: 'Supprimer', icon: Trash2, destructive: true, onClick: remove },
        ]}
      />,
    )
    const editButton = screen.getByRole('button', { name: 'Modifier Sénégal' })
    expect(editButton.getAttribute('title')).toBe('Modifier')
    expect(editButton.getAttribute('type')).toBe('button')
    expect(editButton.textContent).toBe('')
    await userEvent.click(editButton)
    expect(edit).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer Sénégal' }))
    expect(remove).toHaveBeenCalledTimes(1)
    expect(edit).toHaveBeenCalledTimes(1)
  })

  it('shows the word always or from sm up, and always when there is no icon', () => {
    render(
      <RowActions
        actions={[
          { label: 'Renommer la ville Thiès', text: 'Renommer', icon: Pencil, show: 'always' },
          { label: 'Modifier Plateau', text: 'Modifier', icon: Pencil, show: 'wide' },
          { label: 'Renommer', text: 'Renommer' },
        ]}
      />,
    )
    const always = screen.getByRole('button', { name: 'Renommer la ville Thiès' })
    expect(always.textContent).toBe('Renommer')
    expect(always.getAttribute('title')).toBeNull()
    const wide = screen.getByRole('button', { name: 'Modifier Plateau' })
    expect(wide.querySelector('span.hidden.sm\\:inline')?.textContent).toBe('Modifier')
    expect(screen.getByRole('button', { name: 'Renommer' }).textContent).toBe('Renommer')
  })

  it('leaves out the actions that do not apply, keeps the row’s own controls first, and holds a disabled one', async () => {
    const click = vi.fn()
    const { container } = render(
      <RowActions
        actions={[
          false,
          null,
          { label: 'Voir le message #3', text: 'Voir', icon: Pencil, disabled: true, onClick: click },
        ]}
      >
        <select aria-label="Statut du message #3" />
      </RowActions>,
    )
    const controls = [...container.querySelectorAll('select, button, a')]
    expect(controls.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Statut du message #3',
      'Voir le message #3',
    ])
    const view = screen.getByRole('button', { name: 'Voir le message #3' }) as HTMLButtonElement
    expect(view.disabled).toBe(true)
    await userEvent.click(view)
    expect(click).not.toHaveBeenCalled()
  })

  it('opens a page as a link with the button’s look', () => {
    render(
      <MemoryRouter>
        <RowActions
          actions={[
            { label: 'Historique de Awa', text: 'Historique', icon: Pencil, to: '/admin/users/4/history' },
          ]}
        />
      </MemoryRouter>,
    )
    const link = screen.getByRole('link', { name: 'Historique de Awa' })
    expect(link.getAttribute('href')).toBe('/admin/users/4/history')
    expect(link.getAttribute('title')).toBe('Historique')
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('draws nothing when no action applies to the row and it has no control of its own', () => {
    const { container } = render(<RowActions actions={[false, null, undefined]} />)
    expect(container.innerHTML).toBe('')
    cleanup()
    render(<RowActions actions={[false]}>{<span>Actif</span>}</RowActions>)
    expect(screen.getByText('Actif')).toBeTruthy()
  })
})
