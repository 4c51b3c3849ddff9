import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import type { MockServerOptions } from '../../mock-server/app.ts';

/**
 * An API suite's setup in one line: a real server on ':memory:' for the file (started before its tests, closed
 * after them) and the tokens of the seeded accounts it names, each logged in over HTTP as the console does:
 * `const api = useApiServer({ clock }, { admin: 'superadmin', customer: 'customer01' })`, then `api.t.call(…,
 * api.tok.admin)`.
 */
export function useApiServer<const L extends Record<string, string>>(options: Partial<MockServerOptions> = {}, logins: L = {} as L) {
  let server: TestServer | undefined;
  const tok = {} as Record<keyof L, string>;
  beforeAll(async () => {
    server = await startTestServer(options);
    for (const [name, account] of Object.entries(logins)) tok[name as keyof L] = await server.login(account);
  });
  afterAll(() => server?.close());
  return {
    /** The running server (from beforeAll on). */
    get t(): TestServer {
      if (!server) throw new Error('useApiServer: the server starts in beforeAll');
      return server;
    },
    tok,
  };
}
