import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { GlobalLoading } from './global-loading.tsx'
import { theme } from './theme.ts'

/** A save button whose save waits until the test lets it finish. */
function Saver({ until }: { until: Promise<void> }) {
  const save = useMutation({ mutationFn: () => until })
  return (
    <button type="button" onClick={() => save.mutate()}>
      Save
    </button>
  )
}

describe('GlobalLoading', () => {
  it('covers the screen while a save runs, and only then', async () => {
    const user = userEvent.setup()
    let finish = () => {}
    const until = new Promise<void>((resolve) => {
      finish = resolve
    })
    render(
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={new QueryClient()}>
          <Saver until={until} />
          <GlobalLoading />
        </QueryClientProvider>
      </MantineProvider>,
    )
    expect(screen.queryByLabelText('Saving…')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByLabelText('Saving…')).toBeInTheDocument()
    await act(async () => finish())
    await waitFor(() => expect(screen.queryByLabelText('Saving…')).not.toBeInTheDocument())
  })
})
