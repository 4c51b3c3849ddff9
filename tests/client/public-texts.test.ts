import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, sharedMessages } from '../../contracts/index.ts';
import { createI18n, loadPublicResources, whenKnown } from '../../client/app/i18n.ts';
import { keysIn, splitCatalogue } from '../../scripts/public-messages.ts';

/**
 * Issue 25: the public pages' language chunk carries only the shared messages their modules name
 * (scripts/public-messages.ts, at build time), the rest comes with the texts behind login. The real build's
 * split is visited page by page in tests/e2e/public-texts.e2e.test.ts; here the parts it rests on.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
type Catalogue = Record<string, Record<string, string>>;

function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('the shared messages split', () => {
  it.each(LOCALES)('%s: the two halves hold every text of the catalogue once, unchanged', (lng) => {
    const catalogue = sharedMessages[lng] as unknown as Catalogue;
    const keys = new Set(['validation.login_err_02', 'errors.not_logged_in', 'errors.session_expired']);
    const [inside, outside] = splitCatalogue(catalogue, keys);
    expect(Object.keys(inside).flatMap((g) => Object.keys(inside[g]).map((n) => `${g}.${n}`)).sort()).toEqual([...keys].sort());
    for (const [group, texts] of Object.entries(catalogue)) {
      for (const [name, text] of Object.entries(texts)) {
        const side = keys.has(`${group}.${name}`) ? inside : outside;
        expect(side[group]?.[name], `${group}.${name}`).toBe(text);
        expect((keys.has(`${group}.${name}`) ? outside : inside)[group]?.[name], `${group}.${name}`).toBeUndefined();
      }
    }
  });

  it('finds the catalogue keys a module names, and only those', () => {
    const code = `t('errors.not_logged_in'); x = "validation.login_err_02"; import('./errors.ts'); 'errors.nope'; 'resource.errors.x'`;
    expect([...keysIn(code, sharedMessages.en as unknown as Catalogue)].sort()).toEqual(['errors.not_logged_in', 'validation.login_err_02']);
  });

  it('no module of the console or the contracts builds a shared message key from parts (the split finds keys by name)', () => {
    const parts = /[`'"](?:validation|errors)\.(?:\$\{|[`'"]\s*\+)/;
    const offenders = [...sources('client'), ...sources('contracts')].filter((f) => parts.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});

describe.each(LOCALES)('%s: a text the public texts lack', (lng) => {
  // In tests the public chunk holds the whole catalogue; a key of the screens behind login stands for one the
  // build left out.
  const behindLogin = 'resources.pay_config.description';

  it('shows nothing (never the key) until the texts behind login are in, then the text', async () => {
    const i18n = createI18n(lng, await loadPublicResources(lng));
    expect(i18n.t('errors.not_logged_in')).toBe(sharedMessages[lng].errors.not_logged_in);
    expect(whenKnown(i18n, 'errors.not_logged_in')).toBeNull();

    expect(i18n.t(behindLogin)).toBe('');
    const later = whenKnown(i18n, behindLogin);
    expect(later).toBeInstanceOf(Promise);
    await later;
    expect(i18n.t(behindLogin)).toMatch(/\S/);
    expect(i18n.t(behindLogin)).not.toBe(behindLogin);
    // Once every text is in, a key none has shows as itself, as before.
    expect(i18n.t('resources.no_such_text')).toBe('resources.no_such_text');
    expect(whenKnown(i18n, 'resources.no_such_text')).toBeNull();
  });

  it('keeps a default value given with the key', async () => {
    const i18n = createI18n(lng, await loadPublicResources(lng));
    expect(i18n.t('resources.no_such_text', { defaultValue: 'fallback' })).toBe('fallback');
  });
});
