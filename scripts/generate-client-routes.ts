import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { endpoints } from '../contract/src/endpoints.ts'

/**
 * Writes `contract/src/client.ts`: the endpoint table as the web app needs it at run time, each call's method
 * and path without its schemas, so the first page load carries no zod. `contract/src/endpoints.ts` stays the
 * one place a call is written; `server/test/unit/client-routes.test.ts` fails when this copy falls behind.
 * Run it with `npm run generate` after changing the table.
 */
export const CLIENT_ROUTES_FILE = path.resolve(import.meta.dirname, '../contract/src/client.ts')

export function clientRoutesSource(): string {
  const groups = Object.entries(endpoints).map(([resource, group]) => {
    const calls = Object.entries(group).map(
      ([operation, e]) =>
        `    ${operation}: { method: '${e.method}', path: '${e.path}', resource: '${resource}', operation: '${operation}' },`,
    )
    return `  ${resource}: {\n${calls.join('\n')}\n  },`
  })
  return `// Written by \`npm run generate\` from endpoints.ts: do not edit by hand.
import type { Routes } from './endpoint.ts'
import type { endpoints as table } from './endpoints.ts'

export { pathOf } from './endpoint.ts'

/**
 * The endpoint table as a client needs it at run time: each call's method and path, typed by its schemas but
 * without them, so the web app's first page load carries no zod.
 *
 * @example api(endpoints.products.list, { query: { page: 2 } })
 */
export const endpoints: Routes<typeof table> = {
${groups.join('\n')}
}
`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(CLIENT_ROUTES_FILE, clientRoutesSource())
  // Formatted as the repository's linter wants it, so the written file passes \`npm run lint\` as it is.
  execFileSync(
    path.resolve(import.meta.dirname, '../node_modules/.bin/biome'),
    ['format', '--write', CLIENT_ROUTES_FILE],
    {
      stdio: 'ignore',
    },
  )
  console.log(`wrote ${path.relative(process.cwd(), CLIENT_ROUTES_FILE)}`)
}
