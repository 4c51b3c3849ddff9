import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallDef } from '../../contracts/index.ts';
import { users } from '../../fixtures/seed/users.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { snapshot } from '../helpers/db-snapshot.ts';

/**
 * The document's examples are safe to run against any server: a tool that sends every example as published
 * (Portman, Dredd, Schemathesis, a person pasting them into Swagger UI), logged in as the super administrator,
 * changes no seeded account's password or data and no row that existed before. What an example writes is its
 * own new rows; an id it names (EXAMPLE_ID) is no row at all, so updates, removals and resets meet 404.
 */

type Doc = { paths: Record<string, { post: { requestBody: { content: Record<string, { example?: unknown }> } } }> };

/** What signing in and out changes on one's own row: activity, not data. */
const ACTIVITY_COLUMNS = ['online_status', 'online_update_time', 'login_ip', 'login_time'];
/** Sessions and their socket keys: the caller's own logins (the logout example ends one). */
const SESSION_TABLES = ['sessions', 'realtime_keys'];
const CALLER = users.find((u) => u.account === 'superadmin')!;
const seededIds = new Set(users.map((u) => u.id));

let t: TestServer;
let doc: Doc;
beforeAll(async () => {
  t = await startTestServer();
  doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as Doc;
}, 60_000);
afterAll(() => t.close());

/** A user row without its activity columns. */
function withoutActivity(row: string): string {
  const parsed = JSON.parse(row) as Record<string, unknown>;
  for (const c of ACTIVITY_COLUMNS) delete parsed[c];
  return JSON.stringify(parsed);
}

describe('running every example of the document as the super administrator', () => {
  it('leaves every seeded account and every row that existed before as it was', async () => {
    const before = snapshot(t.db, { except: SESSION_TABLES });
    let token = await t.login(CALLER.account);
    const statuses = new Map<number, number>();
    for (const call of (calls as readonly CallDef[]).filter((c) => !c.upload)) {
      const example = doc.paths[`/api/${call.path}`]!.post.requestBody.content['application/json']!.example;
      let res = await t.call(call.path, example, token);
      // The logout example ends the caller's own session; a tool would log in again.
      if (res.status === 401) {
        token = await t.login(CALLER.account);
        res = await t.call(call.path, example, token);
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
    console.log(`examples run in a row: ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(', ')}`);
    expect(statuses.get(200)).toBeGreaterThan(100);

    const after = snapshot(t.db, { except: SESSION_TABLES });
    const changed: string[] = [];
    for (const [table, rows] of Object.entries(before)) {
      const normal = table === 'users' ? withoutActivity : (r: string) => r;
      const now = new Set((after[table] ?? []).map(normal));
      for (const row of rows) if (!now.has(normal(row))) changed.push(`${table}: changed or removed ${row.slice(0, 200)}`);
      const was = new Set(rows);
      for (const row of after[table] ?? []) {
        if (was.has(row)) continue;
        const owner = (JSON.parse(row) as { user_id?: unknown }).user_id;
        // A new row is the example's own, unless it lands in another seeded account (a message in an inbox).
        if (typeof owner === 'number' && owner !== CALLER.id && seededIds.has(owner)) changed.push(`${table}: new row for user ${owner} ${row.slice(0, 200)}`);
      }
    }
    expect({ changed: changed.length, first: changed.slice(0, 20) }).toEqual({ changed: 0, first: [] });

    // And every seeded account still signs in with its seeded password (a disabled one is told it is disabled).
    for (const u of users) {
      if (u.disable === 2) {
        const res = await t.call('admin/login', { account: u.account, password: t.encrypt(u.password) });
        expect([u.account, res.body.key]).toEqual([u.account, 'errors.account_disabled']);
      } else {
        await expect(t.login(u.account), u.account).resolves.toMatch(/.+/);
      }
    }
  }, 180_000);
});
