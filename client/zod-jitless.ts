import { z } from 'zod';

/**
 * zod 4 compiles a fast object parser with `new Function` unless told not to, and probes for it once: under the
 * console's own Content-Security-Policy (no 'unsafe-eval', mock-server/http/security-headers.ts) that probe is a
 * reported violation on every page. zod reads this setting when a schema is built, so main.tsx imports this
 * module first, before any module that builds one.
 */
z.config({ jitless: true });
