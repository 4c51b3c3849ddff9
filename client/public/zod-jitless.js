// zod 4 compiles a fast object parser with `new Function` unless told not to, and probes for that ability
// when a schema is built: under the console's own Content-Security-Policy (no 'unsafe-eval',
// mock-server/http/security-headers.ts) that probe is a reported violation on every page. zod keeps its
// settings in globalThis.__zod_globalConfig and keeps an object already there, so this plain script, run by
// index.html before the module scripts, sets `jitless` before zod loads. (A module import would run after
// the chunks that build schemas; a `z.config(...)` call is dropped by the build, which treats `z.*` as pure.)
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
