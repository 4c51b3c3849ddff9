import type { Plugin } from 'vite';

/**
 * `<link rel="modulepreload">` for the default language's texts in the built index.html (issue 25): the console
 * fetches them before its first render (client/main.tsx), so without the hint the browser learns of the chunk
 * only after the entry has run — one more round trip before the login page paints. zh-CN is the default
 * language (spec); an English visitor fetches en as before (8 KiB of zh-CN preloaded for nothing).
 */
const DEFAULT_TEXTS = /[\\/]client[\\/]locales[\\/]zh-CN\.ts$/;

export function preloadLocale(): Plugin {
  return {
    name: 'preload-locale',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && DEFAULT_TEXTS.test(c.facadeModuleId ?? ''));
        if (!chunk || html.includes(chunk.fileName)) return html;
        return {
          html,
          tags: [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${chunk.fileName}` }, injectTo: 'head' }],
        };
      },
    },
  };
}
