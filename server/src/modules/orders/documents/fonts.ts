import { readFileSync } from 'node:fs'
import path from 'node:path'
import { create, type Font } from 'fontkit'
import { SERVER_DIR } from '../../../paths.ts'

// The fonts the invoice and packing slips embed (CONTRACT 4.7): DejaVu Sans covers every Vietnamese letter and
// the đồng sign, and ships in the repository with its licence (server/assets/fonts), so a document prints the
// same on any machine whatever fonts the system has.

const FONT_DIR = path.join(SERVER_DIR, 'assets/fonts')

export interface DocumentFonts {
  regular: Font
  bold: Font
}

let loaded: DocumentFonts | undefined

function load(file: string): Font {
  const font = create(readFileSync(path.join(FONT_DIR, file)))
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not one font`)
  keepCodePoints(font)
  return font
}

type GlyphSource = { getGlyph(id: number, codePoints?: number[]): { codePoints: number[] } }

/**
 * fontkit keeps one glyph object an id, with the characters it was first asked for. Writing a document asks for
 * the parts of a composed glyph without characters: bold '₫' is drawn from 'đ', so after a document with a bold
 * '₫' the shared font's 'đ' had none, and a later document's bold 'đ' copied out of the PDF as nothing (its
 * ToUnicode entry comes from them). A glyph met without characters takes those of the first text that uses it.
 */
function keepCodePoints(font: Font): void {
  const source = font as unknown as GlyphSource
  const getGlyph = source.getGlyph.bind(source)
  source.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints)
    if (glyph.codePoints.length === 0 && codePoints.length > 0) glyph.codePoints = codePoints
    return glyph
  }
}

/**
 * The two fonts, read and parsed once per process on first use. pdfkit takes a parsed font as it is, so each
 * document only subsets it: parsing the 750 kB file again for every document made an invoice eight times slower.
 */
export function documentFonts(): DocumentFonts {
  loaded ??= { regular: load('DejaVuSans.ttf'), bold: load('DejaVuSans-Bold.ttf') }
  return loaded
}
