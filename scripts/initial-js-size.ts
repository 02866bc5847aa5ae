/**
 * Prints what the first page load fetches: the entry script and every script it imports statically (the
 * modulepreload list of index.html), gzipped. The budget is 150 KB; over it, the build fails. `npm run bench`
 * prints the same figure against the same target (`initialSize`).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

export const BUDGET_KB = 150

type Chunk = { file: string; imports?: string[]; isEntry?: boolean; css?: string[] }

/** The gzipped bytes of the first page load's scripts (each file's too) and styles, in the build in `dist`. */
export function initialSize(dist: string): {
  js: number
  css: number
  files: { file: string; gzipped: number }[]
} {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)
  if (!entry) throw new Error('the build has no entry chunk')
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const imported of manifest[key]?.imports ?? []) visit(imported)
  }
  visit(entry[0])

  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length
  const files = [...seen].map((key) => ({ file: manifest[key]!.file, gzipped: gz(manifest[key]!.file) }))
  const css = [...new Set([...seen].flatMap((key) => manifest[key]?.css ?? []))].reduce(
    (s, f) => s + gz(f),
    0,
  )
  return { js: files.reduce((sum, f) => sum + f.gzipped, 0), css, files }
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dist = process.argv[2]
    ? path.resolve(process.argv[2])
    : path.resolve(import.meta.dirname, '../web/dist')
  const { js, css, files } = initialSize(dist)
  console.log(
    `Initial JavaScript: ${kb(js)} gzipped in ${files.length} file(s) (budget ${BUDGET_KB} KB); CSS ${kb(css)} gzipped`,
  )
  for (const { file, gzipped } of files) console.log(`  ${file}  ${kb(gzipped)}`)
  if (js > BUDGET_KB * 1024) {
    console.error(`The initial JavaScript is over its ${BUDGET_KB} KB budget.`)
    process.exit(1)
  }
}
