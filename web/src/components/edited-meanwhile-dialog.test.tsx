import { screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import type { EditedMeanwhile } from '../lib/use-edited-meanwhile.ts'
import { renderAt } from '../test/render.tsx'
import { EditedMeanwhileDialog } from './edited-meanwhile-dialog.tsx'

afterEach(async () => {
  await i18next.changeLanguage('en')
})

const state = (overrides: Partial<EditedMeanwhile> = {}): EditedMeanwhile => ({
  opened: true,
  differs: [],
  reloading: false,
  reload: async () => {},
  cancel: () => {},
  ...overrides,
})

describe('EditedMeanwhileDialog', () => {
  it('names who saved meanwhile, when, and the fields that differ, in Vietnamese as in English', async () => {
    await i18next.changeLanguage('vi')
    renderAt(
      <EditedMeanwhileDialog
        state={state({
          savedBy: { name: 'Lê Thu Hà', at: '2026-06-03T03:42:00.000Z' },
          differs: ['bankBin', 'paymentStatus'],
        })}
      />,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Đã có người khác thay đổi' })
    expect(dialog).toHaveTextContent('Lê Thu Hà đã lưu bản ghi này lúc 03/06/2026 10:42')
    const differs = within(dialog).getByRole('list', {
      name: 'Những trường bạn đang lưu khác với bản hiện có:',
    })
    expect(
      within(differs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ngân hàng', 'Trạng thái thanh toán'])
  })

  it('says someone else, without a name or a list, when the refusal carries neither', async () => {
    renderAt(<EditedMeanwhileDialog state={state()} />)
    const dialog = await screen.findByRole('dialog', { name: 'Changed by someone else' })
    expect(dialog).toHaveTextContent('Someone else saved this record after you opened it')
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument()
  })
})
