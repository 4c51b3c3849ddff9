import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, migrations } from '../../mock-server/db/migrations.ts';
import { ledgerProblems } from '../../harness/ledger.ts';
import { ok } from '../helpers/qr.ts';
import { countOf, rowsOf, setRows, valueOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** The ledger's guarantees in SQLite itself (migration 006 triggers), the migration, and a control-API reset. */
const C1 = 4;

const { t, tok } = useApiServer({}, { admin: 'admin01' });
const balanceOf = (id: number) =>
  valueOf<number>(t.db, 'users', 'balance_micro', id)!;


describe('the database itself', () => {
  it('refuses a balance no bill explains, a bill that does not start from the balance, and editing a bill', () => {
    expect(() =>
      t.db.prepare('UPDATE users SET balance_micro = balance_micro + 1 WHERE id = ?').run(C1),
    ).toThrow(/changes only with a bill/);
    expect(() =>
      t.db
        .prepare(
          `INSERT INTO bills (user_id, type, amount_micro, balance_before_micro, balance_after_micro, create_time)
        VALUES (?, 1, 5, 0, 5, '2026-01-01 00:00:00')`,
        )
        .run(C1),
    ).toThrow(/current balance/);
    expect(() => setRows(t.db, 'bills', { user_id: C1 }, { amount_micro: 1 })).toThrow(
      /never edited/,
    );
    expect(() =>
      t.db
        .prepare(
          `INSERT INTO users (account, password_hash, role_id, invitation_code, balance_micro, create_time)
      VALUES ('rich01', 'x', 4, 'RICH01', 5, '2026-01-01 00:00:00')`,
        )
        .run(),
    ).toThrow(/starts at balance 0/);
    expect(ledgerProblems(t.db)).toEqual([]);
  });

  it('migration 006 turns REAL balances into micro-units with an opening bill each', () => {
    const db = new Database(':memory:');
    try {
      migrate(
        db,
        migrations.filter((m) => m.version < 6),
      );
      db.prepare(`INSERT INTO roles (id, name, kind, create_time) VALUES (1, 'c', 'customer', 'x')`).run();
      const add = db.prepare(
        `INSERT INTO users (account, password_hash, role_id, invitation_code, balance, create_time) VALUES (?, 'h', 1, ?, ?, 'x')`,
      );
      add.run('zero1', 'Z1', 0);
      add.run('cents', 'C1', 356.25);
      add.run('float', 'F1', 0.1 + 0.2);
      migrate(db);
      expect(rowsOf(db, 'users', {}, { columns: ['account', 'balance_micro'] })).toEqual([
        { account: 'zero1', balance_micro: 0 },
        { account: 'cents', balance_micro: 356_250_000 },
        { account: 'float', balance_micro: 300_000 },
      ]);
      expect(countOf(db, 'bills', { type: 7 })).toBe(2);
      expect(ledgerProblems(db)).toEqual([]);
      expect(
        db.prepare(`SELECT COUNT(*) FROM pragma_table_info('users') WHERE name = 'balance'`).pluck().get(),
      ).toBe(0);
    } finally {
      db.close();
    }
  });
});

describe('control API reset', () => {
  it('seeds the opening bills and the upload config again', async () => {
    ok(await t.call('user/change_balance', { id: C1, amount_micro: 1, remark: 'before reset' }, tok.admin));
    const res = await fetch(`${t.url}/__control/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(ledgerProblems(t.db)).toEqual([]);
    expect(countOf(t.db, 'bills')).toBe(3);
    expect(balanceOf(C1)).toBe(356_250_000);
    expect(valueOf(t.db, 'upload_config', 'size_limit_bytes', 1)).toBe(5 * 1024 * 1024);
  });
});
