import type { Database } from 'better-sqlite3';
import { intToIp, ipToInt } from './ip.ts';

/** The two lists and what each guards (decision: docs/decisions/2026-11-23-system-tools.md). */
export type IpBlackList = 'ip_black' | 'server_ip_black';

export interface IpRange {
  /** Normalized text: the address, or the network address with its prefix. */
  readonly ip: string;
  readonly start: number;
  readonly end: number;
}

/** `a.b.c.d` or `a.b.c.d/n` (already checked by the contract) → its range; a range keeps its network address. */
export function parseIpOrCidr(text: string): IpRange {
  const [addr = '', prefixText] = text.trim().split('/');
  const n = ipToInt(addr);
  // `a.b.c.d/32` is the address itself: stored plain, so the two spellings are one (duplicate) entry.
  if (prefixText === undefined || prefixText === '32') return { ip: addr, start: n, end: n };
  const prefix = Number(prefixText);
  const size = 2 ** (32 - prefix);
  const start = Math.floor(n / size) * size;
  return { ip: `${intToIp(start)}/${prefix}`, start, end: start + size - 1 };
}

/** The loopback network: never on the console list (it would lock out the machine the mock runs on). */
export const LOOPBACK = { start: ipToInt('127.0.0.0'), end: ipToInt('127.255.255.255') } as const;

export const covers = (r: Pick<IpRange, 'start' | 'end'>, ipNum: number) => r.start <= ipNum && ipNum <= r.end;
export const overlaps = (a: Pick<IpRange, 'start' | 'end'>, b: Pick<IpRange, 'start' | 'end'>) => a.start <= b.end && b.start <= a.end;

/**
 * Lookups read the table on every request (one indexed query), so an added or removed entry counts at once,
 * with no cache to invalidate and no restart.
 */
export function createIpBlackCheck(db: Database, list: IpBlackList) {
  // The table name is one of two constants, never input.
  const hit = db.prepare(`SELECT id, ip FROM ${list} WHERE start_num <= ? AND end_num >= ? ORDER BY id LIMIT 1`);
  return (ip: string): { id: number; ip: string } | undefined => {
    let n: number;
    try {
      n = ipToInt(ip);
    } catch {
      return undefined;
    }
    return hit.get(n, n) as { id: number; ip: string } | undefined;
  };
}
