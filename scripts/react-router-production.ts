import type { Plugin } from 'vite';

/**
 * React Router publishes a production build beside its development one (dist/production: the same code with
 * `ENABLE_DEV_WARNINGS = false`), but its package exports only dist/development, so the built console carried
 * the development warnings and their messages. At build time (never under `npm run dev`, which keeps them)
 * `react-router` resolves to the production build. The package's own files import each other relatively, so
 * the whole graph follows.
 */
export function reactRouterProduction(): Plugin {
  return {
    name: 'react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      const production = resolved.id.replace(/([\\/]react-router[\\/]dist[\\/])development([\\/])/, '$1production$2');
      if (production === resolved.id) throw new Error(`react-router-production: unexpected entry ${resolved.id}`);
      return { ...resolved, id: production };
    },
  };
}
