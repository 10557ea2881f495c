/**
 * zod 4 tries `new Function` once, when its first object schema is built, to pick a faster parser.
 * The shop's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') refuses it, and the
 * browser reports a CSP violation on every screen with a form (Lighthouse: best practices). With
 * `jitless` zod skips the try. zod's core reads this global when it loads, so setting it here, in the
 * entry and before the lazily loaded zod chunk, costs the first load none of zod's bytes (importing
 * `z.config` here would pull zod into the entry). It works while zod stays out of the entry's static
 * chunks: `npm run size` fails if the home page fetches zod, and `npm run lighthouse` reports the
 * violation (best practices below 100) if it ever comes back.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
