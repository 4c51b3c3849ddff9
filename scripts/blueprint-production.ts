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
 * with "production", so a call with a variable agrees. The minifier then drops the dead branches. Two kinds of
 * dev-only check sit outside such a branch and would keep their messages: a class's `validateProps(props)`
 * (called only from the dev branch of AbstractComponent / AbstractPureComponent) and the callback given to
 * `useValidateProps(() => …)` (run only in its dev branch): their bodies are emptied. What Blueprint's
 * production build means to do: no dev-only warnings or prop checks. A slip here (an unbalanced body) is
 * a syntax error, so the build fails rather than ship it.
 * Decision: docs/decisions/2026-11-26-login-first-load-js.md.
 */
const BLUEPRINT = /[\\/]node_modules[\\/]@blueprintjs[\\/][^\\/]+[\\/]lib[\\/]esm[\\/].*\.js$/;
const CALL = /\b(?:[A-Za-z_$][\w$]*\.)?isNodeEnv\(\s*"(production|development|test)"\s*\)/g;
const DEFINITION = /typeof NODE_ENV !== "undefined" && NODE_ENV === env/g;
/** The `{` opening a dev-only body: a `validateProps(…) {` method, a `useValidateProps(() => {` callback. */
const DEV_BODY = /^\s+validateProps\([^()]*\)\s*\{|\buseValidateProps\(\(\)\s*=>\s*\{/gm;

/** Index just past the `}` closing the block whose `{` is at `open` (strings, templates and comments skipped). */
export function blockEnd(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '/' && code[i + 1] === '/') i = code.indexOf('\n', i);
    else if (c === '/' && code[i + 1] === '*') i = code.indexOf('*/', i) + 1;
    else if (c === '"' || c === "'") {
      for (i++; code[i] !== c; i++) if (code[i] === '\\') i++;
    } else if (c === '`') {
      for (i++; code[i] !== '`'; i++) {
        if (code[i] === '\\') i++;
        else if (code[i] === '$' && code[i + 1] === '{') i = blockEnd(code, i + 1) - 1;
      }
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
    if (i < 0) break;
  }
  throw new Error('unbalanced block');
}

/** `code` with every dev-only body emptied (`{}`). */
export function emptyDevBodies(code: string): string {
  let out = '';
  let from = 0;
  for (const m of code.matchAll(DEV_BODY)) {
    const open = m.index + m[0].length - 1;
    if (open < from) continue;
    out += code.slice(from, open) + '{}';
    from = blockEnd(code, open);
  }
  return out + code.slice(from);
}

export function blueprintProduction(): Plugin {
  return {
    name: 'blueprint-production',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!BLUEPRINT.test(id) || !/isNodeEnv|[vV]alidateProps/.test(code)) return null;
      const out = emptyDevBodies(code)
        .replace(CALL, (_, env: string) => String(env === 'production'))
        .replace(DEFINITION, 'env === "production"');
      return out === code ? null : { code: out, map: null };
    },
  };
}
