import Database from 'better-sqlite3';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANY_USER, defineCall } from '../../contracts/index.ts';
import { ApiError } from '../../mock-server/services/errors.ts';
import { defineResource, type EngineContext } from '../../mock-server/resources/define.ts';
import type { ObjectCall } from '../../mock-server/resources/spec.ts';
import type { UserRow } from '../../mock-server/services/users.ts';
import { manualClock } from '../helpers/clock.ts';
import { createScratchTable } from '../../fixtures/factories.ts';
import { countOf, valueOf } from '../../fixtures/rows.ts';

/**
 * The engine's `removing` and `committed` rules (issue 19), on a real SQLite table: `removing` sees the rows
 * before they go and may refuse (nothing changes, nothing runs after); what it returns and `committed` run
 * once the call's transaction committed, never after a refusal. The handlers of user, menu, role and
 * log_config rely on this (tests/api/users.test.ts, menu-nodes, roles, log prove them over HTTP).
 */
const row = z.object({ id: z.number(), name: z.string() });
const call = <P extends string>(path: P, request: z.ZodObject, response: z.ZodType) =>
  defineCall({ path, summary: path, access: ANY_USER, request, response }) as ObjectCall & { path: P };
const calls = {
  update: call('x/update', z.strictObject({ id: z.number(), name: z.string() }), row),
  remove: call('x/remove', z.strictObject({ ids: z.array(z.number()) }), z.object({ removed: z.number() })),
};
const admin = { id: 1, role_kind: 'super_admin' } as UserRow;

let db: Database.Database;
const seen: string[] = [];
beforeEach(() => {
  db = new Database(':memory:');
  createScratchTable(db, 'things', { id: 'INTEGER PRIMARY KEY', name: 'TEXT NOT NULL' }, [{ name: 'keep' }, { name: 'a' }, { name: 'b' }]);
  seen.length = 0;
});
afterEach(() => db.close());

const things = defineResource({
  calls,
  row,
  table: 'things',
  alias: 't',
  orderBy: 't.id',
  rules: {
    update: ({ body }) => {
      if (body.name === 'refused') throw new ApiError(409, 'errors.value_taken');
    },
    removing: (_ctx, found) => {
      seen.push(`removing ${found.map((f) => f.row.name).join(',')} in transaction ${db.inTransaction}`);
      if (found.some((f) => f.row.name === 'keep')) throw new ApiError(409, 'errors.value_taken');
      return () => seen.push(`after removing: ${countOf(db, 'things')} left, in transaction ${db.inTransaction}`);
    },
    committed: {
      update: (_ctx, answer) => seen.push(`updated ${answer.name}, in transaction ${db.inTransaction}`),
      remove: (_ctx, found) => seen.push(`removed ${found.length}, in transaction ${db.inTransaction}`),
    },
  },
});

function ctx<C extends ObjectCall>(body: z.output<C['request']>): EngineContext<C> {
  return { body, user: admin, tokenHash: null, locale: 'en', ip: '', userAgent: '', services: { db, clock: manualClock(0) }, me: () => admin };
}

describe('removing and committed rules', () => {
  it('removing sees the rows inside the transaction; its answer and committed run after the commit', () => {
    expect(things.handlers['x/remove'](ctx<typeof calls.remove>({ ids: [2, 3] }))).toEqual({ removed: 2 });
    expect(seen).toEqual(['removing a,b in transaction true', 'after removing: 1 left, in transaction false', 'removed 2, in transaction false']);
  });

  it('a refusal in removing changes nothing and runs nothing after', () => {
    expect(() => things.handlers['x/remove'](ctx<typeof calls.remove>({ ids: [2, 1] }))).toThrow(ApiError);
    expect(countOf(db, 'things')).toBe(3);
    expect(seen).toEqual(['removing a,keep in transaction true']);
  });

  it('committed.update gets the row as answered; a refused update runs nothing after', () => {
    expect(things.handlers['x/update'](ctx<typeof calls.update>({ id: 2, name: 'renamed' }))).toEqual({ id: 2, name: 'renamed' });
    expect(() => things.handlers['x/update'](ctx<typeof calls.update>({ id: 3, name: 'refused' }))).toThrow(ApiError);
    expect(valueOf(db, 'things', 'name', 3)).toBe('b');
    expect(seen).toEqual(['updated renamed, in transaction false']);
  });
});
