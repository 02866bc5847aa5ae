import { describe, expect, it } from 'vitest'
import { configSchema } from '../../src/config.ts'
import { hideToken, loggerOptions } from '../../src/logging.ts'

// The live updates stream takes the access token in its address (EventSource sends no headers), and a set-up or
// reset link's page and its check take the link's token: the log keeps the address without either.

describe('the log of a request', () => {
  it('hides an access token in the address, and leaves every other parameter', () => {
    expect(hideToken('/api/admin/events?access_token=eyJ.abc.def')).toBe(
      '/api/admin/events?access_token=[hidden]',
    )
    expect(hideToken('/api/admin/events?x=1&access_token=eyJ&y=2')).toBe(
      '/api/admin/events?x=1&access_token=[hidden]&y=2',
    )
    expect(hideToken('/api/admin/products?page=2')).toBe('/api/admin/products?page=2')
    expect(hideToken('/reset-password?token=abc_DEF-123&lang=vi')).toBe(
      '/reset-password?token=[hidden]&lang=vi',
    )
    expect(hideToken('/api/admin/auth/reset-password?token=abc')).toBe(
      '/api/admin/auth/reset-password?token=[hidden]',
    )
    // Only a parameter named so: `mfaToken=` or `tokens=` are other names.
    expect(hideToken('/x?tokens=1&mytoken=2')).toBe('/x?tokens=1&mytoken=2')
  })

  it('writes the request of every line through it, in both formats', () => {
    const config = configSchema.parse({})
    for (const format of ['json', 'pretty'] as const) {
      const { serializers } = loggerOptions(config, format) as {
        serializers: { req: (request: unknown) => { url: string; method: string } }
      }
      const logged = serializers.req({
        method: 'GET',
        url: '/api/admin/events?access_token=secret',
        headers: {},
      })
      expect(logged).toMatchObject({ method: 'GET', url: '/api/admin/events?access_token=[hidden]' })
      expect(JSON.stringify(logged)).not.toContain('secret')
    }
  })
})
