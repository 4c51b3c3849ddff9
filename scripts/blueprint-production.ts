import type { Plugin } from 'vite';

/**
 * Blueprint decides "production" at run time: `isNodeEnv(env)` reads a global `NODE_ENV` it expects a bundler to
 * inject (`typeof NODE_ENV !== "undefined" && NODE_ENV === env`). Vite injects none, so the built console ran
 * Blueprint's development checks (prop validation, console warnings) and carried their message strings
 * (`common/errors.js`, ~1.4 KiB gzipped in the login page's first load; issue 25).
 *
 * At build time (never under `npm run dev`, which keeps the checks) this plugin answers the question in
 * Blueprint's own files: `isNodeEnv("production")` becomes `true` and `isNodeEnv("development")` `false`
 * at each call with a literal, and both definitions (core's jsUtils.js, icons' loaderUtils.js) compare `env`
 * with "production", so a call with a variable agrees. The minifier then drops the dead branches and the
 * messages with them. What Blueprint's production build means to do: no dev-only warnings or prop checks.
 * Decision: docs/decisions/2026-11-26-login-first-load-js.md.
 */
const BLUEPRINT = /[\\/]node_modules[\\/]@blueprintjs[\\/][^\\/]+[\\/]lib[\\/]esm[\\/].*\.js$/;
const CALL = /\b(?:[A-Za-z_$][\w$]*\.)?isNodeEnv\(\s*"(production|development|test)"\s*\)/g;
const DEFINITION = /typeof NODE_ENV !== "undefined" && NODE_ENV === env/g;

export function blueprintProduction(): Plugin {
  return {
    name: 'blueprint-production',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!BLUEPRINT.test(id) || !code.includes('isNodeEnv')) return null;
      const out = code
        .replace(CALL, (_, env: string) => String(env === 'production'))
        .replace(DEFINITION, 'env === "production"');
      return out === code ? null : { code: out, map: null };
    },
  };
}
