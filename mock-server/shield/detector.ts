import type { ShieldStatusData } from '../../contracts/index.ts';
import { moveDomainCodes } from '../qr/qr-resource.ts';
import { formatDateTime } from '../services/clock.ts';
import { simulatedChecker, type CheckAnswer, type ShieldChecker } from './checker.ts';
import { auditShield, notifyOwner, type ShieldDeps } from './notify.ts';
import { shieldStore, type ConfigRow } from './store.ts';

interface DomainRow {
  id: number;
  user_id: number;
  domain: string;
  display_type: 1 | 2 | 3;
  shield_status: 1 | 2 | 4;
}

const KIND_COLUMN = { 1: 'check_entry', 2: 'check_landing', 3: 'check_short' } as const;
export const enabledKinds = (c: ConfigRow): number[] => ([1, 2, 3] as const).filter((k) => c[KIND_COLUMN[k]] === 1);

/**
 * The spare a blocked domain's codes go to: the owner's chosen one if it is still held and unblocked, else the
 * oldest held, unblocked domain of the owner of the same kind, else none.
 */
function pickSpare(services: Pick<ShieldDeps, 'db'>, d: DomainRow): { id: number; domain: string } | undefined {
  const { db } = services;
  const chosen = shieldStore(db).push(d.user_id).spare_domain_id;
  const usable = `user_id = ? AND hold = 2 AND shield_status <> 2 AND id <> ?`;
  if (chosen !== null) {
    const row = db.prepare<[number, number, number], { id: number; domain: string }>(`SELECT id, domain FROM domains WHERE id = ? AND ${usable}`).get(chosen, d.user_id, d.id);
    if (row) return row;
  }
  return db
    .prepare<[number, number, number], { id: number; domain: string }>(`SELECT id, domain FROM domains WHERE ${usable} AND display_type = ? ORDER BY id LIMIT 1`)
    .get(d.user_id, d.id, d.display_type);
}

/**
 * The detector: checks domains through a checker, keeps every answer (shield_checks), retries a failed check
 * (status 4) with exponential backoff before it calls the domain "detection failed", and acts on a block in
 * one transaction: codes to the spare domain (which leaves the reserve), domain marked blocked, owner told,
 * each step audited. `round` checks every due domain of the configured kinds; `check` one domain now.
 */
export function createDetector(services: ShieldDeps, checker: ShieldChecker = simulatedChecker(services.db)) {
  const { db, clock } = services;
  const store = shieldStore(db);
  const byId = db.prepare<[number], DomainRow>('SELECT id, user_id, domain, display_type, shield_status FROM domains WHERE id = ?');
  const failuresOf = db.prepare<[number], { failures: number }>('SELECT failures FROM shield_state WHERE domain_id = ?');
  const setState = db.prepare<[number, number, number, string, string]>(
    `INSERT INTO shield_state (domain_id, failures, next_check_ms, last_check_time, last_message) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (domain_id) DO UPDATE SET failures = excluded.failures, next_check_ms = excluded.next_check_ms,
       last_check_time = excluded.last_check_time, last_message = excluded.last_message`,
  );
  const addCheck = db.prepare<[number, number, number, string, string]>('INSERT INTO shield_checks (domain_id, status, attempt, message, check_time) VALUES (?, ?, ?, ?, ?)');
  const setStatus = db.prepare<[number, number]>('UPDATE domains SET shield_status = ? WHERE id = ?');
  const codesOn = db.prepare<[number]>('SELECT COUNT(*) FROM qr_codes WHERE domain_id = ? AND removed = 1').pluck();

  function onBlock(d: DomainRow, config: ConfigRow, answer: CheckAnswer): ShieldStatusData {
    const time = formatDateTime(clock.now());
    let moved = 0;
    let spareName = '';
    const spare = config.move_codes === 1 ? pickSpare(services, d) : undefined;
    if (spare) {
      moved = moveDomainCodes(db, d.id, spare.id, time);
      db.prepare('UPDATE domains SET hold = 1 WHERE id = ?').run(spare.id);
      spareName = spare.domain;
      auditShield(services, 'move_codes', d.id, { from: d.domain, to: spare.domain, moved });
    }
    setStatus.run(2, d.id);
    // What the owner still has to move by hand (no spare of this kind, or moving turned off): said, not hidden.
    const left = codesOn.get(d.id) as number;
    auditShield(services, 'mark_blocked', d.id, { domain: d.domain, message: answer.message, codes_left: left });
    return { domain_id: d.id, domain: d.domain, status: 2, display_type: d.display_type, spare_domain: spareName, moved, codes_left: left, message: answer.message };
  }

  /** One check of one domain, all of its writes in one transaction; answers the status change, if any. */
  const check = db.transaction((domainId: number): ShieldStatusData | null => {
    const d = byId.get(domainId);
    if (!d) return null;
    const config = store.config();
    const answer = checker.check(d.domain, { url: config.endpoint, key: config.api_key });
    const nowMs = clock.now();
    const time = formatDateTime(nowMs);
    const failures = answer.status === 4 ? (failuresOf.get(d.id)?.failures ?? 0) + 1 : 0;
    addCheck.run(d.id, answer.status, Math.max(1, failures), answer.message, time);
    const retrying = answer.status === 4 && failures <= config.max_retries;
    const next = retrying ? nowMs + config.retry_base_seconds * 1000 * 2 ** (failures - 1) : nowMs + config.interval_minutes * 60_000;
    setState.run(d.id, failures, next, time, answer.message);
    // A failed check is only believed once the retries are used up.
    if (retrying || answer.status === d.shield_status) return null;
    const change: ShieldStatusData =
      answer.status === 2
        ? onBlock(d, config, answer)
        : (setStatus.run(answer.status, d.id), { domain_id: d.id, domain: d.domain, status: answer.status, display_type: d.display_type, spare_domain: '', moved: 0, codes_left: 0, message: answer.message });
    if (answer.status !== 2) auditShield(services, answer.status === 1 ? 'mark_normal' : 'mark_failed', d.id, { domain: d.domain, message: answer.message });
    notifyOwner(services, d.user_id, change, config.notify === 1);
    return change;
  });

  /** Every domain of the checked kinds whose next check is due (`force`: all of them). */
  function round(force = false): { checked: number; changes: ShieldStatusData[] } {
    const kinds = enabledKinds(store.config());
    if (!kinds.length) return { checked: 0, changes: [] };
    const due = db
      .prepare(
        `SELECT d.id FROM domains d LEFT JOIN shield_state s ON s.domain_id = d.id
         WHERE d.display_type IN (${kinds.map(() => '?').join(', ')}) AND (? OR s.next_check_ms IS NULL OR s.next_check_ms <= ?) ORDER BY d.id`,
      )
      .pluck()
      .all(...kinds, force ? 1 : 0, clock.now()) as number[];
    const changes: ShieldStatusData[] = [];
    for (const id of due) {
      const c = check(id);
      if (c) changes.push(c);
    }
    return { checked: due.length, changes };
  }

  return { check, round };
}
export type Detector = ReturnType<typeof createDetector>;
