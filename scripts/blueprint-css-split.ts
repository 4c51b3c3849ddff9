import postcss, { type AtRule, type Root } from 'postcss';
import type { Plugin } from 'vite';

/**
 * Blueprint's one stylesheet (~550 KB, ~440 KB of it unused on the login page) split in two disjoint halves
 * at build time (issue 25; decision docs/decisions/2026-11-26-first-paint.md):
 * - `import '@blueprintjs/core/lib/css/blueprint.css'` (client/main.tsx, the first load) gets the rules whose
 *   every Blueprint class is one the public pages render (PUBLIC_CLASS), plus the base (`:root`, `html`,
 *   `body`, headings, keyframes, font faces);
 * - `import '@blueprintjs/core/lib/css/blueprint.css?rest'` gets every other rule; the chunks behind login,
 *   the overlay toaster and the lazy public screens import it (client/components/blueprint-rest.ts), so Vite
 *   loads it before they render.
 * The halves share no rule, so a later-loaded half never re-declares (and so never re-orders) a rule of the
 * other: the cascade between Blueprint and the console's own styles stays what it was with the one file.
 * Classes inside `:not(…)` do not decide (a rule for `.bp6-button:not(.bp6-minimal)` styles a public button).
 */
export const PUBLIC_CLASS = new RegExp(
  '^bp6-(?:' +
    [
      // Rendered by the login page in either theme, empty / refused / failed (collected in Chromium), and
      // the states those components take (disabled, loading, active, focus).
      'button(?:-text|-spinner)?', 'callout(?:-has-body-content|-icon)?', 'card', 'dark', 'elevation-[12]', 'fill',
      'form-(?:content|group|helper-text)', 'heading', 'html-select', 'icon(?:-standard|-large|-muted)?',
      'input(?:-action|-group|-left-container)?', 'intent-(?:primary|danger)', 'label', 'large', 'small', 'minimal',
      'non-ideal-state(?:-text|-vertical|-visual)?', 'spinner(?:-animation|-head|-track)?', 'text-muted', 'disabled',
      'active', 'loading', 'focus-style-manager-ignore', 'text-overflow-ellipsis',
    ].join('|') +
    ')$',
);

const BLUEPRINT_CSS = /[\\/]@blueprintjs[\\/]core[\\/]lib[\\/]css[\\/]blueprint\.css(?:\?(.*))?$/;

/** Whether a selector belongs to the public half: every Blueprint class in it (outside `:not()`) is public. */
export function isPublicSelector(selector: string): boolean {
  const outsideNot = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  for (const m of outsideNot.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) {
    const cls = m[1]!;
    if (cls.startsWith('bp6-') && !PUBLIC_CLASS.test(cls)) return false;
  }
  return true;
}

function pruneEmpty(root: Root): void {
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((at: AtRule) => {
      if (at.nodes && at.nodes.length === 0) {
        at.remove();
        removed = true;
      }
    });
  }
}

/** The two halves of a stylesheet: `public` (selectors passing isPublicSelector, base, keyframes) and `rest`. */
export function splitBlueprintCss(css: string): { public: string; rest: string } {
  const pub = postcss.parse(css);
  const rest = pub.clone();
  const inKeyframes = (node: { parent?: unknown }) => (node.parent as AtRule | undefined)?.type === 'atrule' && /keyframes$/.test((node.parent as AtRule).name);
  pub.walkRules((rule) => {
    if (inKeyframes(rule)) return;
    const kept = rule.selectors.filter(isPublicSelector);
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  rest.walkAtRules((at) => {
    if (/keyframes$/.test(at.name) || at.name === 'font-face') at.remove();
  });
  rest.walkRules((rule) => {
    if (inKeyframes(rule)) return;
    const kept = rule.selectors.filter((s) => !isPublicSelector(s));
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  pruneEmpty(pub);
  pruneEmpty(rest);
  return { public: pub.toString(), rest: rest.toString() };
}

/** Vite plugin: serve the public half for the plain import and the rest for `?rest` (build and dev alike). */
export function blueprintCssSplit(): Plugin {
  const cache = new Map<string, { public: string; rest: string }>();
  return {
    name: 'blueprint-css-split',
    enforce: 'pre',
    transform(code, id) {
      const m = BLUEPRINT_CSS.exec(id);
      if (!m) return null;
      let halves = cache.get(code);
      if (!halves) {
        halves = splitBlueprintCss(code);
        cache.clear();
        cache.set(code, halves);
      }
      return { code: m[1]?.split('&').includes('rest') ? halves.rest : halves.public, map: null };
    },
  };
}
