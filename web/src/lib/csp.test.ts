import { describe, expect, it, vi } from 'vitest'

describe('csp', () => {
  it('sets zod to parse without compiling code, before zod is loaded', async () => {
    vi.resetModules()
    await import('./csp.ts')
    const { z } = await import('zod')
    expect(z.config().jitless).toBe(true)
    // An object schema parses without `new Function`, which the page's policy refuses.
    const compile = vi.spyOn(globalThis, 'Function')
    expect(z.object({ name: z.string() }).parse({ name: 'Áo' })).toEqual({ name: 'Áo' })
    expect(compile).not.toHaveBeenCalled()
    compile.mockRestore()
  })
})
