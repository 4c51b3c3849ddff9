/**
 * Spec §9: the fixed list of domain suffixes the domain forms suggest while a host name is typed. Ordered by
 * how often customers pick them (the common generic ones first, then the cheap ones popular for entry pages).
 */
export const DOMAIN_SUFFIXES = [
  '.com',
  '.cn',
  '.net',
  '.top',
  '.vip',
  '.xyz',
  '.cc',
  '.co',
  '.info',
  '.org',
  '.site',
  '.shop',
  '.store',
  '.online',
  '.club',
  '.fun',
  '.ltd',
  '.work',
  '.link',
  '.icu',
  '.wang',
  '.ink',
  '.asia',
  '.me',
  '.tv',
  '.com.cn',
] as const;

/**
 * Suggestions for a typed host name: the typed name with each suffix (a suffix already being typed narrows
 * the list: 'shop.t' → 'shop.top', 'shop.tv'). Empty until something is typed.
 */
export function suggestDomains(typed: string, limit = 8): string[] {
  const text = typed.trim().toLowerCase();
  if (!text) return [];
  const dot = text.indexOf('.');
  const base = dot === -1 ? text : text.slice(0, dot);
  const partial = dot === -1 ? '' : text.slice(dot);
  if (!base) return [];
  return DOMAIN_SUFFIXES.filter((s) => s.startsWith(partial))
    .map((s) => base + s)
    .slice(0, limit);
}
