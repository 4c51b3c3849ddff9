import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { calls, hasMessage, ISSUE_KEYS, LOCALES, sharedMessages, translate, type CallDef, type Locale } from '../../contracts/index.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Every refusal the server can send reads as a sentence for a person in both languages: its key is in the
 * shared catalogue (zh-CN and en), and no text carries a field name, a call path, a catalogue key or zod's
 * developer wording. The keys are found where they are written (every `'errors.*'` / `'validation.*'` literal
 * of the server and the contracts, and the keys zod's own checks are worded with), then each call of the
 * registry is refused once with a body of wrong types to see the answer's shape.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['mock-server', 'contracts'];
const CATALOGUES = /contracts\/i18n\/messages-/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !CATALOGUES.test(p.replaceAll('\\', '/')) ? [p] : [];
  });
}

/** Keys written in the server's and the contracts' sources, with the file that writes them. */
function writtenKeys(): Map<string, string> {
  const out = new Map<string, string>();
  for (const dir of SOURCES)
    for (const file of sourceFiles(path.join(ROOT, dir))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/['"`]((?:errors|validation)\.[a-z0-9_]+)['"`]/g)) if (!out.has(m[1])) out.set(m[1], path.relative(ROOT, file));
    }
  for (const key of ISSUE_KEYS) out.set(key, 'contracts/i18n/issue-message.ts');
  return out;
}

/** Words and shapes a person should never read in a message (the catalogue's {{values}} removed first). */
const NOT_FOR_PEOPLE: [string, RegExp][] = [
  ['a snake_case identifier', /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/i],
  ['a catalogue key', /\b(errors|validation|resources|enums)\.[a-z]/],
  ['a call path', /\b[a-z]+_[a-z_]+\/[a-z_]+\b|\/api\//],
  ['zod or developer wording', /\b(expected|received|invalid input|undefined|null|NaN|JSON|multipart|regex|schema|enum|boolean|payload|parameter)\b/i],
  ['a code sample', /\b(true|false)\b|[{}[\]]|=>/],
];

export function problemsOf(text: string, locale: Locale): string[] {
  const plain = text.replace(/\{\{\w+\}\}/g, 'X');
  const found = NOT_FOR_PEOPLE.filter(([, re]) => re.test(plain)).map(([what]) => what);
  if (locale === 'zh-CN' && !/[\u4e00-\u9fff]/.test(plain)) found.push('no Chinese in the zh-CN text');
  if (!plain.trim()) found.push('empty');
  return found;
}

const catalogue = (locale: Locale) =>
  Object.entries(sharedMessages[locale]).flatMap(([group, table]) => Object.entries(table as Record<string, string>).map(([k, v]) => [`${group}.${k}`, v] as const));

describe('error keys', () => {
  const keys = writtenKeys();

  it('finds the keys the server writes (a scan that finds nothing proves nothing)', () => {
    expect(keys.size).toBeGreaterThan(150);
  });

  it.each([...keys].map(([key, file]) => ({ key, file })))('$key ($file) has a text in zh-CN and en', ({ key }) => {
    expect(hasMessage(key)).toBe(true);
    for (const locale of LOCALES) expect(translate(key, locale)).not.toBe(key);
  });

  it.each(LOCALES.flatMap((locale) => catalogue(locale).map(([key, text]) => ({ locale, key, text }))))(
    '$locale $key is written for a person',
    ({ locale, text }) => {
      expect(problemsOf(text, locale)).toEqual([]);
    },
  );

  it('the en and zh-CN catalogues hold the same keys', () => {
    expect(catalogue('zh-CN').map(([k]) => k).sort()).toEqual(catalogue('en').map(([k]) => k).sort());
  });
});

/** A body where every field of the call's request has the wrong type (an object where none is taken). */
function wrongBody(call: CallDef): Record<string, unknown> {
  const shape = (call.request as { shape?: Record<string, unknown> }).shape ?? {};
  const keys = Object.keys(shape);
  return keys.length ? Object.fromEntries(keys.map((k) => [k, { wrong: [1] }])) : { not_a_field: 1 };
}

describe('every refusal of the registry', () => {
  const { t, tok } = useApiServer({}, { admin: 'superadmin' });

  it.each(LOCALES)('a body of wrong types is refused with a sentence in %s, its key and the field apart', async (locale) => {
    let refusals = 0;
    for (const call of calls as readonly CallDef[]) {
      if (call.path === 'admin/logout') continue;
      const res = await t.call(call.path, wrongBody(call), tok.admin, locale);
      if (res.status < 400) continue; // a request that takes anything (none today) has nothing to refuse
      refusals += 1;
      const where = `${call.path}: ${JSON.stringify(res.body)}`;
      expect(res.status, where).toBeLessThan(500);
      const { message = '', key, params, field } = res.body;
      expect(key, where).toBeDefined();
      expect(message, where).toBe(translate(key!, locale, params));
      expect(problemsOf(message, locale), where).toEqual([]);
      // A field named by a plain word (`account`) may be a word of the sentence; an identifier may not.
      if (field && /[_.\d]/.test(field)) expect(message.includes(field), where).toBe(false);
    }
    expect(refusals).toBeGreaterThan(200);
  });

  it.each([
    { locale: 'zh-CN' as const, text: '请从选项中选择一项' },
    { locale: 'en' as const, text: 'Choose one of the options' },
  ])("an export's filter that breaks its list's schema is refused in $locale, naming the filter apart", async ({ locale, text }) => {
    const res = await t.call('async_operations/export', { path: 'url_key_platform/inquire', filters: { show_status: 9 } }, tok.admin, locale);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: false, message: text, key: 'validation.one_of', field: 'filters.show_status' });
  });
});
