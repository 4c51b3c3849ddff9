import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, migrations } from '../../mock-server/db/migrations.ts';
import { insertRow, rowOf } from '../../fixtures/rows.ts';

/** Migration 038: a database seeded while the WeChat-detection group was `wechat` shows it under its new name's label. */
describe('migration 038', () => {
  it('renames the seeded wechat menu group to shield, and nothing else', () => {
    const db = new Database(':memory:');
    try {
      migrate(db, migrations.filter((m) => m.version < 38));
      const group = { parent_id: 0, path: '', type: 1, icon: 'shield', sort: 970 };
      insertRow(db, 'menus', { id: 4, name: 'wechat', language_variables: 'menu.groups.wechat', ...group });
      // A route node that happens to be called wechat is not a group: it stays.
      insertRow(db, 'menus', { id: 5, ...group, parent_id: 4, name: 'wechat', language_variables: 'menu.wechat' });
      expect(migrate(db)).toBeGreaterThanOrEqual(38);
      expect(rowOf(db, 'menus', { id: 4 }, ['name', 'language_variables'])).toEqual({ name: 'shield', language_variables: 'menu.groups.shield' });
      expect(rowOf(db, 'menus', { id: 5 }, ['name', 'language_variables'])).toEqual({ name: 'wechat', language_variables: 'menu.wechat' });
    } finally {
      db.close();
    }
  });
});
