import { messagesEn, type Catalogue } from './messages-en.ts';
import { messagesZhCN } from './messages-zh-CN.ts';

/**
 * Messages shared by the console and the mock server: validation rules (§5) and server errors (§8).
 * The console merges them into its i18n resources; the server answers in the request's language.
 */
export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export const sharedMessages: Record<Locale, Catalogue> = { en: messagesEn, 'zh-CN': messagesZhCN };

/** The locale a language tag's primary subtag names (`zh-TW` → zh-CN, `en-GB` → en), or none. */
const localeOfTag = (tag: string): Locale | undefined =>
  /^zh(-|$)/i.test(tag) ? 'zh-CN' : /^en(-|$)/i.test(tag) ? 'en' : undefined;

/**
 * `Accept-Language` negotiation (RFC 9110 §12.5.4): the supported locale with the highest quality wins, ties
 * keep header order, `q=0` refuses; `*` or nothing supported gives the default (zh-CN).
 * `fr, en;q=0.8` → en; `en;q=0.5, zh;q=0.9` → zh-CN.
 */
export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.slice(0, 512).split(',')) {
    const [tag = '', ...params] = part.split(';').map((s) => s.trim());
    const qParam = params.find((p) => /^q=/i.test(p));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    const locale = tag === '*' ? DEFAULT_LOCALE : localeOfTag(tag);
    if (locale && (!best || q > best.q)) best = { locale, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}

/** Values a message key of a zod issue interpolates: the allowed codes of an enum (`validation.one_of`). */
export function issueVars(issue: { code: string; values?: readonly unknown[] }): Record<string, string> | undefined {
  return issue.code === 'invalid_value' && issue.values ? { values: issue.values.map(String).join(', ') } : undefined;
}

/** Translate a shared key like `validation.login_err_02`; unknown keys come back as they are. */
export function translate(key: string, lang: Locale, vars: Record<string, string | number> = {}): string {
  const [group, name] = key.split('.', 2) as [keyof Catalogue, string];
  const table = sharedMessages[lang][group] as Record<string, string> | undefined;
  const text = table?.[name] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v] ?? ''));
}

/** Whether the shared catalogue has a text for `key` (`errors.not_found`); literal texts and unknown keys have none. */
export function hasMessage(key: string): boolean {
  const [group, name] = key.split('.', 2) as [keyof Catalogue, string | undefined];
  const table = sharedMessages.en[group] as Record<string, string> | undefined;
  return name !== undefined && table !== undefined && Object.hasOwn(table, name);
}
