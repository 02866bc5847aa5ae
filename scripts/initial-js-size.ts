/**
 * Prints what the first page load fetches: the entry script and every script it imports statically (the
 * modulepreload list of index.html), gzipped. The budget is 150 KB; over it, the build fails.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 150
const dist = process.argv[2]
  ? path.resolve(process.argv[2])
  : path.resolve(import.meta.dirname, '../web/dist')
type Chunk = { file: string; imports?: string[]; isEntry?: boolean; css?: string[] }
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
const files = [...seen].map((key) => manifest[key]!.file)
const js = files.reduce((sum, file) => sum + gz(file), 0)
const css = [...new Set([...seen].flatMap((key) => manifest[key]?.css ?? []))].reduce((s, f) => s + gz(f), 0)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
console.log(
  `Initial JavaScript: ${kb(js)} gzipped in ${files.length} file(s) (budget ${BUDGET_KB} KB); CSS ${kb(css)} gzipped`,
)
for (const file of files) console.log(`  ${file}  ${kb(gz(file))}`)
if (js > BUDGET_KB * 1024) {
  console.error(`The initial JavaScript is over its ${BUDGET_KB} KB budget.`)
  process.exit(1)
}
