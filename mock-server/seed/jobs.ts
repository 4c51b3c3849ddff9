import { asyncOperationSeeds } from '../../fixtures/seed/async-operations.ts';
import type { Database } from 'better-sqlite3';

/** Seed step: the finished jobs of fixtures/seed/async-operations.ts. */
export function seedAsyncOperations({ db }: { readonly db: Database }): void {
  const insert = db.prepare(`INSERT INTO async_operations (user_id, type, status, progress, message, message_vars, create_time, update_time)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const j of asyncOperationSeeds) insert.run(j.user_id, j.type, j.status, j.progress, j.message, JSON.stringify(j.vars), j.create_time, j.create_time);
}
