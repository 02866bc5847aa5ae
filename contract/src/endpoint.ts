import type { z } from 'zod'
import type { AuditAction, AuditEntity } from './audit-names.ts'
import type { Permission } from './permissions.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** One call of the API, written once: the server registers its route from it and the web app calls it by it. */
export interface EndpointSpec {
  method: HttpMethod
  /** Under `/api`, `:name` for a path parameter and `*` for the rest of the path: `/admin/products/:id`. */
  path: string
  summary: string
  description?: string
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  /** The success answer (the envelope with its data). */
  answer: z.ZodType
  /** The success status; 200 unless said. */
  status?: 200 | 201 | 204
  /** Anyone may call it, signed in or not: sign-in, token refresh, images, health. */
  public?: boolean
  /**
   * What the signed-in account must be allowed (permissions.ts), or `signedIn` for what every account may do
   * for itself (its profile, its password, signing out). A call that is not public must say one.
   */
  permission?: Permission | 'signedIn'
  /**
   * A write call's entry in the audit log (CONTRACT 4.4): the record type and the action it names. The server
   * writes it in the same transaction as the call's own writes, unless `outside` says the write is not in the
   * database (a file) or must be recorded even when it fails (a sign-in). `false` is only for a call that
   * changes nothing a person did (trading a refresh token), and says why.
   */
  audit?: AuditSpec
  /**
   * The access token may also come as `?access_token=`, for a client that cannot send headers (the browser's
   * `EventSource`): the live updates stream only. The header wins when both are sent.
   */
  tokenInQuery?: boolean
  /** The request's content types when not JSON (an upload). */
  consumes?: string[]
  /** The answers for the OpenAPI document when they are not `{ [status]: answer }` (a binary, several codes). */
  responses?: Record<number, unknown>
}

/** An endpoint of the table: its spec, plus the resource it belongs to and its name there. */
export type Endpoint<
  Spec extends EndpointSpec = EndpointSpec,
  R extends string = string,
  O = string,
> = Spec & {
  /** The group of the table (`products`): the OpenAPI tag, and the root of the web app's cache keys. */
  resource: R
  /** Its name in the group (`list`). */
  operation: O
}

export type AuditSpec = { entity: AuditEntity; action: AuditAction; outside?: boolean } | { skip: string }

/** Who may call an endpoint: anyone (`public: true`), or an account with its `permission`: one of the two. */
export type EndpointAccess = { public: true } | { public?: false; permission: Permission | 'signedIn' }

/** A read says nothing of the audit log; every write must say what it records (or why nothing). */
export type EndpointAudit =
  | { method: 'GET'; audit?: never }
  | { method: 'POST' | 'PUT' | 'DELETE'; audit: AuditSpec }

/**
 * The calls of one resource, stamped with the resource's name and each call's own.
 *
 * @example export const brandEndpoints = defineEndpoints('brands', { list: { method: 'GET', path: '/admin/brands', … } })
 */
export function defineEndpoints<
  const R extends string,
  const G extends Record<string, EndpointSpec & EndpointAccess & EndpointAudit>,
>(resource: R, group: G): { [K in keyof G]: Endpoint<G[K], R, K> } {
  const stamped: Record<string, Endpoint> = {}
  for (const [operation, spec] of Object.entries(group)) stamped[operation] = { ...spec, resource, operation }
  return stamped as { [K in keyof G]: Endpoint<G[K], R, K> }
}

/**
 * What a client needs of an endpoint at run time, its method and address, without the schemas: the web app's
 * first page load then carries no zod. The endpoint's own type rides along, so its input and answer are still
 * typed (`contract/src/client.ts`, written from the table by `npm run generate`).
 */
export type Route<E = Endpoint> = Pick<E & Endpoint, 'method' | 'path' | 'resource' | 'operation'> & {
  /** Never set: the endpoint's type, for `EndpointInput` and `EndpointAnswer`. */
  readonly endpoint?: E
}
/** The endpoint table as routes: `Routes<typeof endpoints>`. */
export type Routes<T> = { [R in keyof T]: { [O in keyof T[R]]: Route<T[R][O]> } }

/** The endpoint a route or an endpoint stands for. */
type SpecOf<E> = E extends { readonly endpoint?: infer F } ? (unknown extends F ? E : NonNullable<F>) : E

type Part<E, K extends 'params' | 'query' | 'body'> =
  SpecOf<E> extends {
    [P in K]: infer S extends z.ZodType
  }
    ? S
    : undefined

/** What the server's handler reads, once validated: `request.params`, `.query`, `.body`. */
export type EndpointParams<E> = Part<E, 'params'> extends z.ZodType ? z.output<Part<E, 'params'>> : unknown
export type EndpointQuery<E> = Part<E, 'query'> extends z.ZodType ? z.output<Part<E, 'query'>> : unknown
export type EndpointBody<E> = Part<E, 'body'> extends z.ZodType ? z.output<Part<E, 'body'>> : unknown

/** The success answer of an endpoint as the client reads it. */
export type EndpointAnswer<E> = SpecOf<E> extends { answer: infer A extends z.ZodType } ? z.output<A> : never

/**
 * What a client sends to an endpoint: `params` and `body` when it has them, `query` when it takes one (every
 * query field is optional). Inputs are the schemas' inputs: `{ page: '2' }` is as good as `{ page: 2 }`.
 */
export type EndpointInput<E> = (Part<E, 'params'> extends z.ZodType
  ? { params: z.input<Part<E, 'params'>> }
  : { params?: never }) &
  (Part<E, 'query'> extends z.ZodType ? { query?: z.input<Part<E, 'query'>> } : { query?: never }) &
  (Part<E, 'body'> extends z.ZodType ? { body: z.input<Part<E, 'body'>> } : { body?: never })

/**
 * The address of a call under `/api`, its parameters filled in: `:name` encoded, `*` as given (a stored path).
 *
 * @example pathOf(endpoints.products.get, { id: '7' }) // '/api/admin/products/7'
 */
export function pathOf(endpoint: Pick<EndpointSpec, 'path'>, params: Record<string, unknown> = {}): string {
  const filled = endpoint.path
    .replace(/:(\w+)/g, (_whole, name: string) => {
      const value = params[name]
      if (value === undefined || value === null) throw new Error(`${endpoint.path}: no value for :${name}`)
      return encodeURIComponent(String(value))
    })
    .replace(/\*$/, () => String(params['*'] ?? '').replace(/^\/+/, ''))
  return `/api${filled}`
}
