import { CHECKER_VERDICTS } from '../../contracts/index.ts';
import type { Database } from 'better-sqlite3';

/** What a checker answers for one domain: 1 normal, 2 blocked, 4 the check itself failed. */
export interface CheckAnswer {
  readonly status: 1 | 2 | 4;
  readonly message: string;
}

/**
 * The detector's only view of WeChat. The real service would POST `{ domain }` to the configured endpoint
 * with the key in a header and read `{ status, message }`; a time-out or a non-2xx answer is status 4.
 * The mock answers from `shield_sim` (set through `/__control/shield/mark`), so tests and QA decide what
 * "WeChat" says and nothing leaves the machine.
 */
export interface ShieldChecker {
  check(domain: string, endpoint: { url: string; key: string }): CheckAnswer;
}

/**
 * The simulated checker. A domain never marked answers what is already known of it (a domain seeded or set
 * blocked stays blocked; anything else is normal), so a detection round changes nothing until QA marks one.
 */
export function simulatedChecker(db: Database): ShieldChecker {
  const get = db.prepare<[string], { status: 1 | 2 | 4; message: string }>(
    `SELECT COALESCE(s.status, CASE d.shield_status WHEN 2 THEN 2 ELSE 1 END) AS status, COALESCE(s.message, '') AS message
     FROM domains d LEFT JOIN shield_sim s ON s.domain = d.domain WHERE d.domain = ?`,
  );
  return {
    check(domain) {
      const row = get.get(domain);
      if (!row) return { status: 1, message: CHECKER_VERDICTS[1] };
      return { status: row.status, message: row.message || CHECKER_VERDICTS[row.status] };
    },
  };
}
