import type { Locale, ShieldStatusData } from '../../contracts/index.ts';

/** What a shield message says: the push's own figures, kept with the message so each reader gets it in their language. */
export type ShieldMessageVars = Pick<ShieldStatusData, 'domain' | 'status' | 'spare_domain' | 'moved' | 'codes_left' | 'display_type'>;

/** The stored key of a shield message (messages.text_key); its vars are the push's ShieldMessageVars. */
export const SHIELD_MESSAGE_KEY = 'shield.status';

interface Words {
  status: Record<1 | 2 | 4, string>;
  kind: Record<1 | 2 | 3, string>;
  title(domain: string, status: string): string;
  lead(domain: string, status: string): string;
  moved(count: number, spare: string): string;
  left(count: number, kind: string): string;
  end: string;
}

/**
 * The detector's messages in each console language. Only the server words them (like the job texts), so they
 * stay out of the shared catalogue the console downloads. A block that left codes on the domain says how
 * many and what the owner does about it (the same advice as the console's toast and domain list).
 */
const WORDS: Record<Locale, Words> = {
  en: {
    status: { 1: 'is reachable in WeChat again', 2: 'was blocked by WeChat', 4: 'could not be checked' },
    kind: { 1: 'entry', 2: 'landing', 3: 'short' },
    title: (domain, status) => `Domain ${domain} ${status}`,
    lead: (domain, status) => `Domain ${domain} ${status}`,
    moved: (count, spare) => `; ${count} QR codes moved to the spare domain ${spare}`,
    left: (count, kind) =>
      `. ${count} QR codes are still on it: add a ${kind} domain on Domains and move them there with "Move QR codes to another domain"; keep a held ${kind} domain (Held domains) and the next block moves them by itself`,
    end: '.',
  },
  'zh-CN': {
    status: { 1: '在微信中已恢复正常', 2: '已被微信封禁', 4: '检测失败' },
    kind: { 1: '入口', 2: '落地', 3: '短链' },
    title: (domain, status) => `域名 ${domain} ${status}`,
    lead: (domain, status) => `域名 ${domain} ${status}`,
    moved: (count, spare) => `，${count} 个二维码已切换到备用域名 ${spare}`,
    left: (count, kind) =>
      `。仍有 ${count} 个二维码在此域名上：请在「域名列表」添加一个${kind}域名，用「把活码移到其他域名」把它们移过去；在「持有域名」备一个${kind}域名，下次封禁时二维码会自动切换过去`,
    end: '。',
  },
};

/** A shield message in one language: its title and its content. */
export function shieldText(d: ShieldMessageVars, locale: Locale): { title: string; content: string } {
  const w = WORDS[locale];
  const status = w.status[d.status];
  const moved = d.spare_domain ? w.moved(d.moved, d.spare_domain) : '';
  const left = d.status === 2 && d.codes_left > 0 ? w.left(d.codes_left, w.kind[d.display_type ?? 1]) : '';
  return { title: w.title(d.domain, status), content: `${w.lead(d.domain, status)}${moved}${left}${w.end}` };
}

/** A stored message in the reader's language when the server wrote it (its key and vars), else as stored. */
export function localisedMessage<M extends { title: string; content: string }>(row: M & { text_key?: string | null; text_vars?: string | null }, locale: Locale): M {
  const { text_key: key, text_vars: vars, ...rest } = row;
  if (key !== SHIELD_MESSAGE_KEY || !vars) return rest as unknown as M;
  return { ...(rest as unknown as M), ...shieldText(JSON.parse(vars) as ShieldMessageVars, locale) };
}
