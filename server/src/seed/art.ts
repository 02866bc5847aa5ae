import sharp from 'sharp'
import type { Silhouette } from './catalog.ts'

// Pictures for the seeded store, drawn here as SVG and rendered by sharp, so a clean machine needs no network
// and no fonts: letters in brand logos are strokes from a tiny built-in alphabet, never SVG <text>.

const SIZE = 480

/** A colour mixed towards black (amount < 0) or white (amount > 0). */
function mix(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16)
  const target = amount < 0 ? 0 : 255
  const t = Math.abs(amount)
  const channel = (shift: number) => {
    const c = (n >> shift) & 255
    return Math.round(c + (target - c) * t)
  }
  return `#${((1 << 24) | (channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).slice(1)}`
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16)
  return (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255
}

/** Seams and outlines: darker than the cloth, or lighter when the cloth is nearly black. */
const detailOf = (hex: string) => (luminance(hex) < 0.3 ? mix(hex, 0.4) : mix(hex, -0.35))

interface Paint {
  /** The product's colour. */
  c: string
  /** Outlines and seams. */
  d: string
  /** Highlights and prints. */
  l: string
  /** 0, 1 or 2: a small change of pattern between the pictures of one product. */
  v: number
}

const outline = (d: string) => `stroke="${d}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"`
const seam = (d: string, width = 3) =>
  `fill="none" stroke="${d}" stroke-width="${width}" stroke-dasharray="7 6" stroke-linecap="round"`

const shapes: Record<Silhouette, (p: Paint) => string> = {
  tshirt: ({ c, d, l, v }) => `
    <path d="M228 118 L262 104 Q300 136 338 104 L372 118 L468 176 L432 262 L392 240 L392 486 L208 486 L208 240 L168 262 L132 176 Z" fill="${c}" ${outline(d)}/>
    <path d="M262 104 Q300 150 338 104" fill="none" stroke="${d}" stroke-width="9"/>
    <path d="M178 248 L146 182 M422 248 L454 182 M214 470 L386 470" ${seam(d)}/>
    ${v === 1 ? `<rect x="210" y="280" width="180" height="20" fill="${l}"/><rect x="210" y="322" width="180" height="20" fill="${l}"/>` : ''}
    ${v === 2 ? `<circle cx="300" cy="300" r="44" fill="${l}"/><circle cx="300" cy="300" r="20" fill="${c}"/>` : ''}`,
  shirt: ({ c, d, l, v }) => `
    <path d="M232 112 L268 100 L300 128 L332 100 L368 112 L440 150 L478 400 L438 410 L404 250 L404 486 L196 486 L196 250 L162 410 L122 400 L160 150 Z" fill="${c}" ${outline(d)}/>
    ${v === 1 ? `<path d="M232 160 V484 M262 140 V484 M338 140 V484 M368 160 V484" stroke="${d}" stroke-width="6" opacity="0.35"/>` : ''}
    <path d="M268 100 L300 128 L276 152 L250 112 Z M332 100 L300 128 L324 152 L350 112 Z" fill="${l}" ${outline(d)}/>
    <path d="M300 130 V486" stroke="${d}" stroke-width="3"/>
    ${[176, 228, 280, 332, 384, 436].map((y) => `<circle cx="300" cy="${y}" r="6" fill="${d}"/>`).join('')}
    <path d="M165 388 L125 378 M435 388 L475 378" stroke="${d}" stroke-width="4"/>
    ${v === 2 ? `<rect x="330" y="180" width="44" height="46" rx="4" fill="none" stroke="${d}" stroke-width="3"/>` : ''}`,
  jeans: ({ c, d, l }) => `
    <path d="M212 100 L388 100 L404 492 L318 492 L300 232 L282 492 L196 492 Z" fill="${c}" ${outline(d)}/>
    <path d="M211 128 L389 128" stroke="${d}" stroke-width="4"/>
    ${[236, 296, 356].map((x) => `<rect x="${x}" y="98" width="9" height="34" rx="2" fill="${d}"/>`).join('')}
    <path d="M312 130 L312 196 Q312 216 300 226" ${seam(l)}/>
    <path d="M218 142 Q252 152 264 130 M382 142 Q348 152 336 130" fill="none" stroke="${d}" stroke-width="4"/>
    <path d="M200 474 L284 474 M316 474 L402 474" ${seam(l)}/>
    <circle cx="300" cy="114" r="6" fill="#d9b44a"/>`,
  jacket: ({ c, d, l, v }) => `
    <path d="M244 112 Q238 48 300 42 Q362 48 356 112 Z" fill="${mix(c, -0.15)}" ${outline(d)}/>
    <path d="M220 120 L262 100 Q300 120 338 100 L380 120 L448 160 L486 410 L442 420 L410 260 L410 490 L190 490 L190 260 L158 420 L114 410 L152 160 Z" fill="${c}" ${outline(d)}/>
    <rect x="192" y="462" width="216" height="26" fill="${d}" opacity="0.35"/>
    <path d="M300 116 V488" stroke="${l}" stroke-width="6"/>
    <rect x="293" y="150" width="14" height="26" rx="3" fill="${l}"/>
    <path d="M232 352 L262 418 M368 352 L338 418" stroke="${d}" stroke-width="5" stroke-linecap="round"/>
    <path d="M161 398 L117 388 M439 398 L483 388" stroke="${d}" stroke-width="4"/>
    ${v === 1 ? `<path d="M152 200 L190 212 M448 200 L410 212" stroke="${l}" stroke-width="12"/>` : ''}`,
  dress: ({ c, d, l, v }) => `
    <path d="M258 96 L276 96 Q300 132 324 96 L342 96 L352 206 L248 206 Z" fill="${c}" ${outline(d)}/>
    <path d="M248 206 L352 206 Q404 320 458 486 L142 486 Q196 320 248 206 Z" fill="${c}" ${outline(d)}/>
    <rect x="244" y="196" width="112" height="22" rx="6" fill="${d}"/>
    <path d="M282 220 L238 484 M318 220 L362 484 M300 220 V484" stroke="${d}" stroke-width="3" opacity="0.3"/>
    ${
      v === 1
        ? [
            [220, 420],
            [270, 330],
            [330, 300],
            [380, 410],
            [300, 440],
            [250, 260],
            [350, 370],
          ]
            .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="${l}"/>`)
            .join('')
        : ''
    }
    ${v === 2 ? `<path d="M150 462 L450 462" stroke="${l}" stroke-width="14"/>` : ''}`,
  shoe: ({ c, d, l, v }) => {
    const sole = luminance(c) > 0.75 ? '#3a3a3c' : '#f7f7f4'
    return `
    <path d="M118 400 L124 330 Q130 298 170 294 L250 282 Q268 250 300 246 L330 248 Q352 300 382 322 Q442 334 478 352 Q502 366 496 400 Z" fill="${c}" ${outline(d)}/>
    <path d="M420 338 Q472 348 488 374 L492 398 L432 398 Q420 370 420 338 Z" fill="${v === 1 ? l : mix(c, -0.12)}" ${outline(d)}/>
    <path d="M198 372 Q292 362 384 330" fill="none" stroke="${l}" stroke-width="12" stroke-linecap="round"/>
    <path d="M300 264 L324 258 M312 282 L338 276 M326 300 L352 294 M340 318 L366 312" stroke="${l}" stroke-width="7" stroke-linecap="round"/>
    <path d="M110 396 L502 396 Q508 424 486 432 L124 432 Q106 424 110 396 Z" fill="${sole}" ${outline(d)}/>
    <path d="M126 418 L486 418" ${seam(d, 2)}/>`
  },
  bag: ({ c, d, v }) => `
    <path d="M218 250 Q218 128 300 128 Q382 128 382 250" fill="none" stroke="${d}" stroke-width="18" stroke-linecap="round"/>
    <path d="M168 240 L432 240 L462 478 Q462 490 450 490 L150 490 Q138 490 138 478 Z" fill="${c}" ${outline(d)}/>
    ${v === 1 ? '' : `<path d="M168 240 L432 240 L424 322 Q300 354 176 322 Z" fill="${mix(c, -0.15)}" ${outline(d)}/>`}
    <rect x="286" y="${v === 1 ? 262 : 318}" width="28" height="32" rx="5" fill="#d9b44a" stroke="#a9862e" stroke-width="3"/>
    <path d="M160 470 L440 470" ${seam(detailOf(c))}/>`,
  watch: ({ c, d, v }) => {
    const face = v === 1 ? '#1e2a44' : '#fbfbf8'
    const hand = v === 1 ? '#f4f2ec' : '#2b2b2e'
    const metal = v === 2 ? '#d6b25e' : '#c9ccd1'
    const ticks = Array.from({ length: 12 }, (_, i) => {
      const a = (i * Math.PI) / 6
      const r1 = i % 3 === 0 ? 64 : 74
      const p = (r: number) => `${(300 + r * Math.sin(a)).toFixed(1)} ${(300 - r * Math.cos(a)).toFixed(1)}`
      return `<path d="M${p(r1)} L${p(84)}" stroke="${hand}" stroke-width="${i % 3 === 0 ? 6 : 3}" stroke-linecap="round"/>`
    }).join('')
    return `
    <rect x="252" y="64" width="96" height="180" rx="18" fill="${c}" ${outline(d)}/>
    <rect x="252" y="356" width="96" height="180" rx="18" fill="${c}" ${outline(d)}/>
    ${[440, 470, 500].map((y) => `<circle cx="300" cy="${y}" r="6" fill="${d}"/>`).join('')}
    <rect x="406" y="286" width="22" height="28" rx="5" fill="${metal}" stroke="${mix(metal, -0.3)}" stroke-width="3"/>
    <circle cx="300" cy="300" r="112" fill="${metal}" stroke="${mix(metal, -0.3)}" stroke-width="6"/>
    <circle cx="300" cy="300" r="92" fill="${face}"/>
    ${ticks}
    <path d="M300 300 L338 262" stroke="${hand}" stroke-width="8" stroke-linecap="round"/>
    <path d="M300 300 L300 226" stroke="${hand}" stroke-width="5" stroke-linecap="round"/>
    <circle cx="300" cy="300" r="8" fill="#c93a3a"/>`
  },
  glasses: ({ c, v }) => {
    const lens = v === 1 ? mix(c, -0.45) : '#2f3640'
    return `
    <path d="M136 268 L92 258 M464 268 L508 258" stroke="${c}" stroke-width="12" stroke-linecap="round"/>
    <rect x="130" y="248" width="152" height="112" rx="${v === 2 ? 56 : 34}" fill="${lens}" opacity="0.9" stroke="${c}" stroke-width="14"/>
    <rect x="318" y="248" width="152" height="112" rx="${v === 2 ? 56 : 34}" fill="${lens}" opacity="0.9" stroke="${c}" stroke-width="14"/>
    <path d="M282 282 Q300 262 318 282" fill="none" stroke="${c}" stroke-width="12" stroke-linecap="round"/>
    <path d="M160 330 L214 270 M348 330 L402 270" stroke="#ffffff" stroke-width="10" opacity="0.3" stroke-linecap="round"/>`
  },
  cap: ({ c, d, l, v }) => `
    <path d="M160 354 L440 354 Q540 360 542 396 Q462 406 300 394 Q200 390 160 382 Z" fill="${mix(c, -0.2)}" ${outline(d)}/>
    <path d="M160 362 Q158 192 300 180 Q442 192 440 362 Z" fill="${c}" ${outline(d)}/>
    <path d="M300 182 V360 M232 198 Q214 280 222 360 M368 198 Q386 280 378 360" fill="none" stroke="${d}" stroke-width="3" opacity="0.6"/>
    <circle cx="300" cy="182" r="11" fill="${d}"/>
    ${v === 1 ? `<rect x="262" y="276" width="76" height="44" rx="8" fill="${l}"/>` : ''}
    ${v === 2 ? `<path d="M170 330 Q300 316 430 330" stroke="${l}" stroke-width="10" fill="none"/>` : ''}`,
}

/** An SVG picture of one product: its silhouette in `colour` on a soft background. */
export function productSvg(
  silhouette: Silhouette,
  colour: string,
  background: readonly [string, string],
  variant: number,
): string {
  const paint: Paint = {
    c: colour,
    d: detailOf(colour),
    l: mix(colour, luminance(colour) > 0.7 ? -0.25 : 0.55),
    v: variant % 3,
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 600 600">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/>
  </linearGradient></defs>
  <rect width="600" height="600" fill="url(#bg)"/>
  <ellipse cx="300" cy="512" rx="200" ry="22" fill="#000000" opacity="0.08"/>
  ${shapes[silhouette](paint)}
</svg>`
}

// A stroke alphabet on an 8 by 12 grid: each letter is a few polylines, so monograms need no font.
type Pt = readonly [number, number]
const arc = (cx: number, cy: number, rx: number, ry: number, from: number, to: number, steps = 14): Pt[] =>
  Array.from({ length: steps + 1 }, (_, i) => {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)] as const
  })

const LETTERS: Record<string, Pt[][]> = {
  A: [
    [
      [0, 12],
      [4, 0],
      [8, 12],
    ],
    [
      [1.5, 7.5],
      [6.5, 7.5],
    ],
  ],
  B: [
    [
      [0, 6],
      [0, 0],
      [4, 0],
      ...arc(4, 3, 3, 3, -90, 90),
      [0, 6],
      [4.5, 6],
      ...arc(4.5, 9, 3.5, 3, -90, 90),
      [0, 12],
      [0, 6],
    ],
  ],
  C: [arc(4, 6, 4, 6, 40, 320)],
  D: [[[0, 0], [0, 12], [3, 12], ...arc(3, 6, 5, 6, 90, -90), [0, 0]]],
  E: [
    [
      [8, 0],
      [0, 0],
      [0, 12],
      [8, 12],
    ],
    [
      [0, 6],
      [6, 6],
    ],
  ],
  F: [
    [
      [8, 0],
      [0, 0],
      [0, 12],
    ],
    [
      [0, 6],
      [6, 6],
    ],
  ],
  G: [
    [...arc(4, 6, 4, 6, 320, 0, 20).reverse()],
    [
      [4.5, 6],
      [8, 6],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 12],
    ],
    [
      [8, 0],
      [8, 12],
    ],
    [
      [0, 6],
      [8, 6],
    ],
  ],
  I: [
    [
      [4, 0],
      [4, 12],
    ],
    [
      [1.5, 0],
      [6.5, 0],
    ],
    [
      [1.5, 12],
      [6.5, 12],
    ],
  ],
  J: [[[8, 0], [8, 8], ...arc(4, 8, 4, 4, 0, 180)]],
  K: [
    [
      [0, 0],
      [0, 12],
    ],
    [
      [8, 0],
      [0, 7.5],
    ],
    [
      [2.8, 5],
      [8, 12],
    ],
  ],
  L: [
    [
      [0, 0],
      [0, 12],
      [8, 12],
    ],
  ],
  M: [
    [
      [0, 12],
      [0, 0],
      [4, 7],
      [8, 0],
      [8, 12],
    ],
  ],
  N: [
    [
      [0, 12],
      [0, 0],
      [8, 12],
      [8, 0],
    ],
  ],
  O: [arc(4, 6, 4, 6, 0, 360, 24)],
  P: [[[0, 12], [0, 0], [4.5, 0], ...arc(4.5, 3.25, 3.5, 3.25, -90, 90), [0, 6.5]]],
  Q: [
    arc(4, 6, 4, 6, 0, 360, 24),
    [
      [5, 9],
      [8.5, 12.5],
    ],
  ],
  R: [
    [[0, 12], [0, 0], [4.5, 0], ...arc(4.5, 3.25, 3.5, 3.25, -90, 90), [0, 6.5]],
    [
      [4, 6.5],
      [8, 12],
    ],
  ],
  S: [[...arc(4, 3, 4, 3, -30, -270), ...arc(4, 9, 4, 3, -90, 150)]],
  T: [
    [
      [0, 0],
      [8, 0],
    ],
    [
      [4, 0],
      [4, 12],
    ],
  ],
  U: [[[0, 0], [0, 8], ...arc(4, 8, 4, 4, 180, 0), [8, 0]]],
  V: [
    [
      [0, 0],
      [4, 12],
      [8, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [2, 12],
      [4, 5],
      [6, 12],
      [8, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [8, 12],
    ],
    [
      [8, 0],
      [0, 12],
    ],
  ],
  Y: [
    [
      [0, 0],
      [4, 6],
      [8, 0],
    ],
    [
      [4, 6],
      [4, 12],
    ],
  ],
  Z: [
    [
      [0, 0],
      [8, 0],
      [0, 12],
      [8, 12],
    ],
  ],
}

/** The initials of a name without diacritics: 'Sài Gòn Style' → 'SS' (at most two letters). */
export function initialsOf(name: string): string {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'D')
    .toUpperCase()
  const words = plain.split(/[^A-Z]+/).filter(Boolean)
  const first = words[0]?.[0] ?? 'A'
  const last = words.length > 1 ? words[words.length - 1]![0] : undefined
  return last ? first + last : first
}

/** The monogram of `letters` as SVG paths, centred on (cx, cy), at most `width` wide. */
function monogram(letters: string, cx: number, cy: number, width: number, colour: string): string {
  const chars = [...letters].map((ch) => LETTERS[ch] ?? LETTERS.A!)
  const units = chars.length * 8 + (chars.length - 1) * 3
  const scale = Math.min(width / units, 7.5)
  const x0 = cx - (units * scale) / 2
  const y0 = cy - 6 * scale
  const paths = chars.flatMap((strokes, i) =>
    strokes.map(
      (line) =>
        `M${line.map(([x, y]) => `${(x0 + (x + i * 11) * scale).toFixed(1)} ${(y0 + y * scale).toFixed(1)}`).join(' L')}`,
    ),
  )
  return `<path d="${paths.join(' ')}" fill="none" stroke="${colour}" stroke-width="${(scale * 1.7).toFixed(1)}" stroke-linecap="round" stroke-linejoin="round"/>`
}

const LOGO_SHAPES = [
  '<circle cx="128" cy="128" r="112"/>',
  '<rect x="20" y="20" width="216" height="216" rx="44"/>',
  '<path d="M128 14 L227 71 L227 185 L128 242 L29 185 L29 71 Z"/>',
  '<path d="M128 10 L246 128 L128 246 L10 128 Z"/>',
  '<path d="M128 14 L226 46 Q230 170 128 244 Q26 170 30 46 Z"/>',
] as const

/** A brand logo: a coloured shape with the brand's initials drawn in strokes. */
export function logoSvg(name: string, colour: string, shape: number): string {
  const body = LOGO_SHAPES[shape % LOGO_SHAPES.length]!.replace('/>', ` fill="${colour}"/>`)
  const ink = luminance(colour) > 0.7 ? '#2b2b2e' : '#ffffff'
  const diamond = shape % LOGO_SHAPES.length === 3
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect width="256" height="256" fill="#ffffff"/>
  ${body}
  <circle cx="128" cy="128" r="${diamond ? 70 : 92}" fill="none" stroke="${ink}" stroke-width="3" opacity="0.35"/>
  ${monogram(initialsOf(name), 128, 128, diamond ? 96 : 126, ink)}
</svg>`
}

/** Renders an SVG to PNG, the lossless input `storeImage` re-encodes. */
export function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer()
}

/** Runs `work` over `items` with at most `limit` at a time; sharp does the pixels on libuv's threads. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await work(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
