import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import type { MockServerOptions } from '../../mock-server/app.ts';

/**
 * A handle on a server that starts later: every property read is passed to the running one, so a suite can
 * name `t` at the top of its file and use it in its tests and helpers (`t.call(…)`, `t.db`). Reading it before
 * the server started, or after it closed, throws with the reason.
 */
function lateServer(current: () => TestServer | undefined, who: string): TestServer {
  return new Proxy({} as TestServer, {
    get(_, key) {
      const server = current();
      if (!server) throw new Error(`${who}: the server starts in beforeAll (read "${String(key)}" before it)`);
      return server[key as keyof TestServer];
    },
  });
}

/**
 * An API suite's setup in one line: a real server on ':memory:' for the file (or the describe block it is called
 * in), started before its tests and closed after them, and the tokens of the seeded accounts it names, each
 * logged in over HTTP as the console does:
 *
 *   const { t, tok } = useApiServer({ clock }, { admin: 'superadmin', customer: 'customer01' });
 *   … t.call('log/inquire', {}, tok.admin) …
 *
 * `options` may be a function, read when the server starts (a clock made in an outer beforeAll). `file: 'name'`
 * puts the database in a real SQLite file `mock.db` in a fresh temporary folder named after it (removed after the
 * server closed): for what ':memory:' cannot show (backups, a second connection, WAL).
 */
export function useApiServer<const L extends Record<string, string>>(
  options: ApiServerOptions | (() => ApiServerOptions) = {},
  logins: L = {} as L,
) {
  let server: TestServer | undefined;
  let dir: string | undefined;
  const tok = {} as Record<keyof L, string>;
  beforeAll(async () => {
    const { file, ...serverOptions } = typeof options === 'function' ? options() : options;
    if (file) dir = fs.mkdtempSync(path.join(os.tmpdir(), `${file}-`));
    server = await startTestServer(dir ? { ...serverOptions, dbPath: path.join(dir, 'mock.db') } : serverOptions);
    for (const [name, account] of Object.entries(logins)) tok[name as keyof L] = await server.login(account);
  });
  afterAll(async () => {
    await server?.close();
    server = undefined;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    t: lateServer(() => server, 'useApiServer'),
    tok,
    /** The database file's folder (with `file`), once the server started. */
    get dir(): string {
      if (!dir) throw new Error('useApiServer: no file was asked for, or the server has not started');
      return dir;
    },
  };
}

/** The server's options, and `file`: a real database file in a temporary folder named after it. */
export type ApiServerOptions = Partial<MockServerOptions> & { file?: string };

/** Tokens of seeded accounts on a server a suite already has, logged in before its tests: `useLogins(t, { admin: 'admin01' })`. */
export function useLogins<const L extends Record<string, string>>(t: TestServer, logins: L): Record<keyof L, string> {
  const tok = {} as Record<keyof L, string>;
  beforeAll(async () => {
    for (const [name, account] of Object.entries(logins)) tok[name as keyof L] = await t.login(account);
  });
  return tok;
}
