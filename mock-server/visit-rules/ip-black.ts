import type { Database } from 'better-sqlite3';
import { hexOf, parseIp, parseIpRange, type IpRange } from '../../contracts/index.ts';
import { tableValue } from '../services/table-cache.ts';

/** The two lists and what each guards (decision: docs/decisions/2026-11-23-system-tools.md). */
export type IpBlackList = 'ip_black' | 'server_ip_black';

/** The stored columns of an entry (issue 20: IPv6 too; `*_num` only for IPv4, -1 for IPv6). */
export function storedRange(range: IpRange): { ip: string; start_hex: string; end_hex: string; start_num: number; end_num: number } {
  const v4 = range.startHex.startsWith('00000000000000000000ffff') && range.endHex.startsWith('00000000000000000000ffff');
  return {
    ip: range.text,
    start_hex: range.startHex,
    end_hex: range.endHex,
    start_num: v4 ? parseInt(range.startHex.slice(24), 16) : -1,
    end_num: v4 ? parseInt(range.endHex.slice(24), 16) : -1,
  };
}

/** The loopback networks (127.0.0.0/8 and ::1): never on the console list (it would lock out the mock's own machine). */
export const LOOPBACKS: readonly IpRange[] = [parseIpRange('127.0.0.0/8')!, parseIpRange('::1')!];

export const coversHex = (r: Pick<IpRange, 'startHex' | 'endHex'>, hex: string) => r.startHex <= hex && hex <= r.endHex;
export const overlapsHex = (a: Pick<IpRange, 'startHex' | 'endHex'>, b: Pick<IpRange, 'startHex' | 'endHex'>) =>
  a.startHex <= b.endHex && b.startHex <= a.endHex;

/**
 * Checked on every API call (console list) or visit (visitor list): the list is read once and kept in memory
 * until the table changes (services/table-cache.ts), so an added or removed entry still counts at once, with
 * no restart; an empty list costs nothing. Any spelling of the address is read (IPv6, IPv4-mapped, odd IPv4
 * forms); an unreadable one matches nothing.
 */
export function createIpBlackCheck(db: Database, list: IpBlackList) {
  // The table name is one of two constants, never input.
  const all = db.prepare(`SELECT id, ip, start_hex AS startHex, end_hex AS endHex FROM ${list} ORDER BY id`);
  const ranges = tableValue(db, [list], () => all.all() as { id: number; ip: string; startHex: string; endHex: string }[]);
  const check = (ip: string | undefined): { id: number; ip: string } | undefined => {
    const rows = ranges.get();
    if (rows.length === 0) return undefined;
    const parsed = parseIp(ip ?? '');
    if (!parsed) return undefined;
    const hex = hexOf(parsed.bytes);
    // The first entry by id covering the address, as the indexed query answered.
    const row = rows.find((r) => coversHex(r, hex));
    return row && { id: row.id, ip: row.ip };
  };
  /** Whether the list has any entry: a caller can skip working out the address (Express's `req.ip`) when not. */
  const listed = () => ranges.get().length > 0;
  return Object.assign(check, { listed });
}
