import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderPlain } from '../test/render.tsx'
import { Pager, pageWindow } from './pager.tsx'

const meta = (page: number, totalPages: number) => ({
  page,
  limit: 10,
  totalPages,
  totalResults: totalPages * 10,
})

describe('pageWindow', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(2, 3)).toEqual([1, 2, 3])
  })

  it('keeps the first, the last and the neighbours of the current page, with gaps between', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, null, 10])
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10])
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10])
  })

  it('shows a single left-out page instead of a gap', () => {
    // 1 … 3 would hide only page 2: showing 2 takes the same room and saves a click.
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10])
    expect(pageWindow(7, 10)).toEqual([1, null, 6, 7, 8, 9, 10])
  })

  it('widens the window on request', () => {
    expect(pageWindow(10, 20, 2)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20])
  })
})

describe('Pager', () => {
  it('shows nothing before the list has answered or when there is no page', () => {
    const { unmount } = renderPlain(<Pager meta={undefined} onPage={() => {}} />)
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    unmount()
    renderPlain(<Pager meta={meta(1, 0)} onPage={() => {}} />)
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
  })

  it('disables the current page, marked as current, and Previous on the first page', () => {
    renderPlain(<Pager meta={meta(1, 5)} onPage={() => {}} />)
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument()
    const current = screen.getByRole('button', { name: 'Page 1' })
    expect(current).toBeDisabled()
    expect(current).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Page 2' })).not.toHaveAttribute('aria-current')
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
  })

  it('disables Next on the last page', () => {
    renderPlain(<Pager meta={meta(5, 5)} onPage={() => {}} />)
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page')
  })

  it('disables both arrows when there is one page', () => {
    renderPlain(<Pager meta={meta(1, 1)} onPage={() => {}} />)
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
  })

  it('asks for the page clicked, the previous one and the next one', async () => {
    const user = userEvent.setup()
    const onPage = vi.fn()
    renderPlain(<Pager meta={meta(5, 10)} onPage={onPage} />)
    const numbers = screen
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((text) => /^\d+$/.test(text ?? ''))
    expect(numbers).toEqual(['1', '4', '5', '6', '10'])
    await user.click(screen.getByRole('button', { name: 'Page 6' }))
    expect(onPage).toHaveBeenLastCalledWith(6)
    await user.click(screen.getByRole('button', { name: 'Page 10' }))
    expect(onPage).toHaveBeenLastCalledWith(10)
    await user.click(screen.getByRole('button', { name: 'Previous' }))
    expect(onPage).toHaveBeenLastCalledWith(4)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(onPage).toHaveBeenLastCalledWith(6)
    expect(onPage).toHaveBeenCalledTimes(4)
  })

  it('does not call for the page already shown', async () => {
    const user = userEvent.setup()
    const onPage = vi.fn()
    renderPlain(<Pager meta={meta(3, 10)} onPage={onPage} />)
    await user.click(screen.getByRole('button', { name: 'Page 3' }))
    expect(onPage).not.toHaveBeenCalled()
  })
})
