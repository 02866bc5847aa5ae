/*
 * What the app does to run under its Content-Security-Policy with no violation. main.tsx imports this module
 * first, before any schema is built.
 */

// Zod compiles object parsers with `new Function` when it may; merely probing for that is reported as a
// violation of `script-src 'self'` (no eval). Without it, zod parses by walking the schema, as fast here.
// Zod keeps its settings in `globalThis.__zod_globalConfig` (what `z.config()` writes to, shared by every copy
// of zod on a page): set there, the setting holds without zod itself in the first page's code; zod comes with
// the screens that build schemas. csp.test.ts checks that zod reads it.
const zodHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
zodHolder.__zod_globalConfig ??= {}
zodHolder.__zod_globalConfig.jitless = true

/**
 * The nonce the server wrote into this page's `<meta property="csp-nonce">` (a fresh one each time it sends
 * index.html). The page's policy applies only the `<style>` elements that bear it, so every library that
 * injects styles is handed it: Mantine (`getStyleNonce`), react-toastify (`nonce`) and the scroll lock of
 * Mantine's modals, which reads webpack's global for it. The browser hides the attribute once the policy is in
 * force; the element's `nonce` property still holds it. Unset under the dev server and in tests, where no
 * policy asks for it.
 */
export const styleNonce: string | undefined =
  document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined

if (styleNonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = styleNonce
