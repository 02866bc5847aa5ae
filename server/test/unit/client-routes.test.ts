import { allEndpoints, endpoints } from '@store/contract'
import { endpoints as client } from '@store/contract/client'
import { describe, expect, it } from 'vitest'

/** What a client reads of a call at run time. */
const route = (e: { method: string; path: string; resource: string; operation: string }) => ({
  method: e.method,
  path: e.path,
  resource: e.resource,
  operation: e.operation,
})

describe("the web app's copy of the endpoint table (contract/src/client.ts)", () => {
  it('has every call of the table with its method and path, and nothing else: run `npm run generate` if not', () => {
    const table = Object.fromEntries(
      Object.entries(endpoints).map(([resource, group]) => [
        resource,
        Object.fromEntries(Object.entries(group).map(([operation, e]) => [operation, route(e)])),
      ]),
    )
    expect(client).toEqual(table)
  })

  it('carries no schema', () => {
    const calls = Object.values(client).flatMap((group) => Object.values(group))
    expect(calls).toHaveLength(allEndpoints.length)
    for (const call of calls)
      expect(Object.keys(call).sort()).toEqual(['method', 'operation', 'path', 'resource'])
  })
})
