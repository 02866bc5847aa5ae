import { screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { renderAt } from '../test/render.tsx'
import { PageHeader } from './page-header.tsx'

afterEach(async () => {
  await i18next.changeLanguage('en')
})

describe('PageHeader', () => {
  it("shows the screen's one heading and a breadcrumb from Home, the last crumb current", () => {
    renderAt(<PageHeader title="Customers" crumbs={[{ label: 'Customers' }]} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument()
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(within(crumbs).getByText('Customers')).toHaveAttribute('aria-current', 'page')
    expect(within(crumbs).queryByRole('link', { name: 'Customers' })).not.toBeInTheDocument()
  })

  it('links the crumbs between Home and the current one', () => {
    renderAt(
      <PageHeader
        title="Edit category"
        crumbs={[{ label: 'Categories', to: '/admin/categories' }, { label: 'Edit' }]}
      />,
    )
    expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/admin/categories')
    expect(screen.getByText('Edit')).toHaveAttribute('aria-current', 'page')
  })

  it('names the browser tab after the screen, in the chosen language', async () => {
    const { unmount } = renderAt(<PageHeader title="Customers" crumbs={[]} />)
    expect(document.title).toBe('Customers · Store back-office')
    unmount()
    await i18next.changeLanguage('vi')
    renderAt(<PageHeader title="Khách hàng" crumbs={[]} />)
    expect(document.title).toBe('Khách hàng · Quản trị cửa hàng')
    expect(screen.getByRole('navigation', { name: 'Đường dẫn trang' })).toBeInTheDocument()
  })

  it('shows its actions beside the title', () => {
    renderAt(<PageHeader title="User" crumbs={[]} actions={<button type="button">Add</button>} />)
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument()
  })
})
