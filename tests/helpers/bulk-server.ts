import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { bulkSeed, type BulkSeedOptions } from '../../mock-server/seed/bulk.ts';
import type { Clock } from '../../mock-server/services/clock.ts';
import { valueOf } from '../../fixtures/rows.ts';

export interface BulkSeededServer {
  readonly t: TestServer;
  /** customer01's id: the owner of the bulk-seeded codes. */
  readonly owner: number;
  /** The server's folder (its database file is `mock.db`), removed by `close`. */
  readonly dir: string;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

/**
 * A test server on a real SQLite file (in a fresh temporary folder named after `name`) whose customer01 owns
 * bulk-seeded codes and visits on its first domain: statistics at scale through real SQLite and HTTP.
 */
export async function startBulkSeededServer(
  name: string,
  clock: Clock,
  seed: Omit<BulkSeedOptions, 'userId' | 'domainId' | 'now' | 'log'>,
): Promise<BulkSeededServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const t = await startTestServer({ dbPath: path.join(dir, 'mock.db'), clock });
  const owner = valueOf<number>(t.db, 'users', 'id', { account: 'customer01' })!;
  const domain = valueOf<number>(t.db, 'domains', 'id', { user_id: owner })!;
  bulkSeed(t.db, { ...seed, userId: owner, domainId: domain, now: clock.now(), log: () => {} });
  return {
    t,
    owner,
    dir,
    async close() {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
