import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderPlain } from '../test/render.tsx'
import { ConfirmDialog } from './confirm-dialog.tsx'

describe('ConfirmDialog', () => {
  it('asks with the spec texts and names what is deleted', async () => {
    renderPlain(<ConfirmDialog opened onCancel={() => {}} onConfirm={() => {}} detail="Áo thun" />)
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' })
    expect(dialog).toHaveTextContent('Áo thun')
    expect(screen.getByRole('button', { name: 'No' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Yes, delete it' })).toBeInTheDocument()
  })

  it('asks another question with its own Yes when given them', async () => {
    renderPlain(
      <ConfirmDialog
        opened
        onCancel={() => {}}
        onConfirm={() => {}}
        detail="Order #12"
        question="Cancel this order?"
        confirmLabel="Yes, cancel it"
      />,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' })
    expect(dialog).toHaveTextContent('Order #12 — Cancel this order?')
    expect(screen.getByRole('button', { name: 'Yes, cancel it' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Yes, delete it' })).not.toBeInTheDocument()
  })

  it('is not there while closed', () => {
    renderPlain(<ConfirmDialog opened={false} onCancel={() => {}} onConfirm={() => {}} />)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('No cancels and Yes confirms, each once', async () => {
    const user = userEvent.setup()
    const onCancel = vi.fn()
    const onConfirm = vi.fn()
    renderPlain(<ConfirmDialog opened onCancel={onCancel} onConfirm={onConfirm} />)
    await user.click(await screen.findByRole('button', { name: 'No' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onConfirm).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Yes, delete it' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('puts the focus on No, so Enter on a stray key press does not delete', async () => {
    renderPlain(<ConfirmDialog opened onCancel={() => {}} onConfirm={() => {}} />)
    const no = await screen.findByRole('button', { name: 'No' })
    await vi.waitFor(() => expect(no).toHaveFocus())
  })

  it('Escape cancels', async () => {
    const user = userEvent.setup()
    const onCancel = vi.fn()
    renderPlain(<ConfirmDialog opened onCancel={onCancel} onConfirm={() => {}} />)
    await screen.findByRole('dialog')
    await user.keyboard('{Escape}')
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('blocks a second Yes while the delete runs', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    renderPlain(<ConfirmDialog opened busy onCancel={() => {}} onConfirm={onConfirm} />)
    const yes = await screen.findByRole('button', { name: 'Yes, delete it' })
    expect(yes).toBeDisabled()
    await user.click(yes).catch(() => {})
    expect(onConfirm).not.toHaveBeenCalled()
  })
})
