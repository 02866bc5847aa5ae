import { MantineProvider } from '@mantine/core'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router'
import { describe, expect, it } from 'vitest'
import { LeavePrompt } from '../components/leave-prompt.tsx'
import { useUnsavedChanges } from './use-unsaved-changes.ts'

/** A form as the screens build it: a field, Save that releases the guard and leaves, and a link elsewhere. */
function NoteForm() {
  const navigate = useNavigate()
  const form = useForm({ defaultValues: { note: 'first' } })
  const guard = useUnsavedChanges(form.formState.isDirty)
  return (
    <form
      onSubmit={form.handleSubmit(() => {
        guard.release()
        navigate('/list')
      })}
    >
      <label>
        Note <input {...form.register('note')} />
      </label>
      <button type="submit">Save</button>
      <Link to="/list">Elsewhere</Link>
      <LeavePrompt guard={guard} />
    </form>
  )
}

const open = () => {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <NoteForm /> },
      { path: '/list', element: <p>The list</p> },
    ],
    { initialEntries: ['/list', '/form'], initialIndex: 1 },
  )
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  )
  return router
}
/** Whether the page asks before it unloads, as the browser would find out. */
const asksOnUnload = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }))

describe('useUnsavedChanges', () => {
  it('lets the user go without a question while nothing has changed', async () => {
    const user = userEvent.setup()
    const router = open()
    expect(asksOnUnload()).toBe(false)
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(router.state.location.pathname).toBe('/list')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('asks before a link leaves changes: Stay keeps them, Leave goes', async () => {
    const user = userEvent.setup()
    const router = open()
    await user.type(screen.getByLabelText('Note'), ' and more')
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))

    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    expect(dialog).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/form')
    await user.click(screen.getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/form')
    expect(screen.getByLabelText('Note')).toHaveValue('first and more')

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    await user.click(await screen.findByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'))
  })

  it('asks on back too, and makes the browser ask before the tab closes or reloads', async () => {
    const user = userEvent.setup()
    const router = open()
    await user.type(screen.getByLabelText('Note'), '!')
    expect(asksOnUnload()).toBe(true)
    await act(() => router.navigate(-1))
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/form')
  })

  it('asks nothing once the changes are undone', async () => {
    const user = userEvent.setup()
    const router = open()
    const note = screen.getByLabelText('Note')
    await user.type(note, '!')
    await user.type(note, '{Backspace}')
    expect(asksOnUnload()).toBe(false)
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(router.state.location.pathname).toBe('/list')
  })

  it('asks nothing after a save', async () => {
    const user = userEvent.setup()
    const router = open()
    await user.type(screen.getByLabelText('Note'), '!')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
