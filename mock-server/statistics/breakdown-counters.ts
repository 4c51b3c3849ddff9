import type { Database } from 'better-sqlite3';
import { UAParser } from 'ua-parser-js';
import { deviceClass } from '../visit-rules/user-agent.ts';

/** The part of an IP-range row a place is made of (as stored: its columns make up ip_belong). */
export interface PlaceOf {
  country: string;
  province: string;
  city: string;
  carrier: string;
}

/** OS and browser names without versions (a breakdown row per product, not per release). */
export function agentOf(userAgent: string): { device: number; os: string; browser: string } {
  const r = new UAParser(userAgent.slice(0, 1024)).getResult();
  return { device: deviceClass(userAgent), os: r.os.name ?? '', browser: r.browser.name ?? '' };
}

/**
 * The breakdown counters of migration 020, written by the visit transaction (mock-server/qr/visits.ts) and by
 * the bulk seeder; clearing a log never touches them. `count` must run inside the caller's transaction.
 */
export function createBreakdownCounters(db: Database) {
  const agentIdOf = db.prepare<[number], { agent_id: number }>('SELECT agent_id FROM user_agents WHERE id = ?');
  const setAgentId = db.prepare<[number, number]>('UPDATE user_agents SET agent_id = ? WHERE id = ?');
  const findAgent = db.prepare<[number, string, string], { id: number }>('SELECT id FROM visit_agents WHERE device = ? AND os = ? AND browser = ?');
  const insertAgent = db.prepare<[number, string, string]>('INSERT INTO visit_agents (device, os, browser) VALUES (?, ?, ?)');
  const findPlace = db.prepare<[string, string, string, string], { id: number }>(
    'SELECT id FROM visit_places WHERE country = ? AND province = ? AND city = ? AND carrier = ?',
  );
  const insertPlace = db.prepare<[string, string, string, string]>('INSERT INTO visit_places (country, province, city, carrier) VALUES (?, ?, ?, ?)');
  const ownerOf = db.prepare<[number], { user_id: number }>('SELECT user_id FROM qr_codes WHERE id = ?');
  const bumpCode = db.prepare<[number, string, number, number, number]>(`
    INSERT INTO qr_code_breakdown (qr_code_id, day, agent_id, place_id, view_number) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (qr_code_id, day, agent_id, place_id) DO UPDATE SET view_number = view_number + excluded.view_number`);
  const bumpUser = db.prepare<[number, string, number, number, number]>(`
    INSERT INTO user_breakdown (user_id, day, agent_id, place_id, view_number) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (user_id, day, agent_id, place_id) DO UPDATE SET view_number = view_number + excluded.view_number`);

  /** The agent row of a user agent, classified once and kept on its user_agents row. */
  function agentId(uaRowId: number, userAgent: string): number {
    const known = agentIdOf.get(uaRowId)?.agent_id ?? -1;
    if (known >= 0) return known;
    const a = agentOf(userAgent);
    const id = findAgent.get(a.device, a.os, a.browser)?.id ?? Number(insertAgent.run(a.device, a.os, a.browser).lastInsertRowid);
    setAgentId.run(id, uaRowId);
    return id;
  }

  /** The place row of an IP range, -1 for an address outside the table. */
  function placeId(range: PlaceOf | undefined): number {
    if (!range) return -1;
    const key = [range.country, range.province, range.city, range.carrier] as const;
    return findPlace.get(...key)?.id ?? Number(insertPlace.run(...key).lastInsertRowid);
  }

  /** Add `n` visits of a code on a day from one agent and place, to the code's and its owner's counters. */
  function count(codeId: number, day: string, agent: number, place: number, n = 1, userId = ownerOf.get(codeId)?.user_id): void {
    bumpCode.run(codeId, day, agent, place, n);
    if (userId !== undefined) bumpUser.run(userId, day, agent, place, n);
  }

  return { agentId, placeId, count };
}
export type BreakdownCounters = ReturnType<typeof createBreakdownCounters>;

/** A code purged for good takes its breakdown with it, out of its owner's counters too (like its daily counters). */
export function forgetCodeBreakdown(db: Database, codeId: number): void {
  db.prepare(
    `UPDATE user_breakdown AS u SET view_number = u.view_number - b.view_number
     FROM qr_code_breakdown b JOIN qr_codes q ON q.id = b.qr_code_id
     WHERE b.qr_code_id = ? AND u.user_id = q.user_id AND u.day = b.day AND u.agent_id = b.agent_id AND u.place_id = b.place_id`,
  ).run(codeId);
  db.prepare('DELETE FROM user_breakdown WHERE user_id = (SELECT user_id FROM qr_codes WHERE id = ?) AND view_number <= 0').run(codeId);
  db.prepare('DELETE FROM qr_code_breakdown WHERE qr_code_id = ?').run(codeId);
}
