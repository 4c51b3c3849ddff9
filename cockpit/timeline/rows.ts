import { FRAME_TYPE_CODES, type JournalEntry } from '../../contracts/index.ts';

/** Something the cockpit itself did (an armed fault, a push, a load), shown on the time line beside the journal. */
export interface CockpitAction {
  readonly kind: 'action';
  readonly id: number;
  readonly at_ms: number;
  readonly summary: string;
  /** false: the server refused it or did not answer. */
  readonly ok: boolean;
}

/** A line of the time line: a journal entry (without headers and bodies) or a cockpit action. */
export type Row = JournalEntry | CockpitAction;

export const rowKey = (r: Row): string => (r.kind === 'action' ? `a${r.id}` : `s${r.seq}`);

const FRAME_NAMES = new Map<number, string>(Object.entries(FRAME_TYPE_CODES).map(([name, code]) => [code, name]));

/** A frame type's registered name (contracts/realtime/frame-type-codes.ts), or its number when unregistered. */
export const frameName = (type: number): string => FRAME_NAMES.get(type) ?? `type ${type}`;

/** The entry's call or frame, as the time line names it (↑ console → server, ↓ server → console). */
export function nameOf(r: Row): string {
  if (r.kind === 'action') return '';
  if (r.kind === 'frame') return `${r.direction === 'in' ? '↑' : '↓'} ${frameName(r.frame_type)} (${r.frame_type})`;
  if (r.kind === 'effect') return r.effect;
  return r.call ?? r.url;
}

/** The answer's status (0: none went out), or null for frames and actions. */
export const statusOf = (r: Row): number | null => (r.kind === 'action' || r.kind === 'frame' || r.kind === 'effect' ? null : r.status);

/** How a line stands out: a fault acted on it, the server refused it (4xx/5xx, or a refused action), or neither. */
export function markOf(r: Row): 'fault' | 'refused' | null {
  if (r.kind === 'action') return r.ok ? null : 'refused';
  if (r.fault) return 'fault';
  const status = statusOf(r);
  return status !== null && (status >= 400 || status === 0) ? 'refused' : null;
}

export interface Filters {
  kind: string;
  call: string;
  user: string;
  status: string;
  text: string;
}
export const NO_FILTERS: Filters = { kind: '', call: '', user: '', status: '', text: '' };

/** Whether a status filter (`200`, `4xx`, `fault`, `refused`) lets the row through. */
function statusPasses(r: Row, want: string): boolean {
  const w = want.trim().toLowerCase();
  if (!w) return true;
  if (w === 'fault') return markOf(r) === 'fault';
  if (w === 'refused') return markOf(r) !== null;
  const status = statusOf(r);
  if (status === null) return false;
  if (/^[1-5]xx$/.test(w)) return Math.floor(status / 100) === Number(w[0]);
  return String(status) === w;
}

/** The rows the filters let through (every filter narrows; text fields match case-insensitively anywhere). */
export function filterRows(rows: readonly Row[], f: Filters): readonly Row[] {
  const call = f.call.trim().toLowerCase();
  const user = f.user.trim().toLowerCase();
  const text = f.text.trim().toLowerCase();
  if (!f.kind && !call && !user && !f.status.trim() && !text) return rows;
  return rows.filter(
    (r) =>
      (!f.kind || r.kind === f.kind) &&
      (!call || nameOf(r).toLowerCase().includes(call)) &&
      (!user || (r.kind !== 'action' && (r.account ?? '').toLowerCase().includes(user))) &&
      statusPasses(r, f.status) &&
      (!text || r.summary.toLowerCase().includes(text) || nameOf(r).toLowerCase().includes(text)),
  );
}

/** `HH:MM:SS.mmm` of a wall-clock millisecond, in the viewer's time zone. */
export function clockOf(ms: number): string {
  const d = new Date(ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
}
