import { describe, expect, it } from 'vitest'
import { finish, newDocument } from '../../src/modules/orders/documents/pdf.ts'
import { pdfPages } from '../pdf.ts'

// The documents share one parsed font per process (documents/fonts.ts): what one document did to it must not
// change what the next one's text copies out as.

const textOf = async (draw: (doc: ReturnType<typeof newDocument>) => void) => {
  const doc = newDocument('test', 'test')
  draw(doc)
  // Wrapped lines join again: the test reads letters, not lines.
  return (await pdfPages(await finish(doc)))[0]!.replaceAll('\u00a0', ' ').replaceAll('\n', '')
}

describe('the shared fonts', () => {
  it("copy out a bold 'đ' after a document drew a bold '₫', which is made from 'đ'", async () => {
    expect(await textOf((doc) => doc.font('bold').text('TỔNG CỘNG 1.155.000\u00a0₫', 40, 40))).toContain(
      '1.155.000 ₫',
    )
    expect(await textOf((doc) => doc.font('bold').text('Hóa đơn, đồng', 40, 40))).toContain('Hóa đơn, đồng')
  })

  it('copy out every Vietnamese letter, in both weights, after documents that drew them all', async () => {
    const letters =
      'aàáảãạăằắẳẵặâầấẩẫậbcdđeèéẻẽẹêềếểễệghiìíỉĩịklmnoòóỏõọôồốổỗộơờớởỡợpqrstuùúủũụưừứửữựvxyỳýỷỹỵ'
    const all = `${letters} ${letters.toLocaleUpperCase('vi')} 0123456789 ₫`
    for (let round = 0; round < 2; round++)
      for (const font of ['regular', 'bold'])
        expect(
          await textOf((doc) => doc.font(font).text(all, 40, 40, { width: 500 })),
          `${font}, ${round}`,
        ).toBe(all.replaceAll('\n', ''))
  })
})
