import type { Database } from 'better-sqlite3';
import { tableValue } from '../services/table-cache.ts';
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
 * Checked on every API call (console list) or visit (visitor list): the list is read once and kept in memory
 * until the table changes (services/table-cache.ts), so an added or removed entry still counts at once, with
 * no restart; an empty list costs nothing.
 */
export function createIpBlackCheck(db: Database, list: IpBlackList) {
  // The table name is one of two constants, never input.
  const all = db.prepare(`SELECT id, ip, start_num AS start, end_num AS "end" FROM ${list} ORDER BY id`);
  const ranges = tableValue(db, [list], () => all.all() as (IpRange & { id: number })[]);
  return (ip: string): { id: number; ip: string } | undefined => {
    const rows = ranges.get();
    if (rows.length === 0) return undefined;
    let n: number;
    try {
      n = ipToInt(ip);
    } catch {
      return undefined;
    }
    // The first entry by id covering the address, as the indexed query answered before.
    const row = rows.find((r) => covers(r, n));
    return row && { id: row.id, ip: row.ip };
  };
}
