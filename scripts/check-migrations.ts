// Fails when server/src/db/schema.ts has changes no migration holds yet: drizzle-kit would generate one.
// Run by `npm test`, so a schema edit without its migration cannot land.
import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'

const folder = new URL('../server/drizzle/', import.meta.url)
const before = new Set(readdirSync(folder))
const output = execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'pending_schema_change'], {
  cwd: new URL('../server/', import.meta.url),
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
})
const added = readdirSync(folder).filter((f) => !before.has(f))
if (added.length > 0 || !output.includes('No schema changes')) {
  console.error(
    `The schema has changes without a migration; drizzle-kit just wrote ${added.join(', ') || 'a migration'}.\n` +
      'Review it, give it a meaningful name, and commit it with the schema change.',
  )
  process.exit(1)
}
console.log('Migrations match the schema.')
