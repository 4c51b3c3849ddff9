import { afterAll, describe, expect, it } from 'vitest';
import { updateUser } from '../../fixtures/factories.ts';
import { valueOf } from '../../fixtures/rows.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { manualClock } from '../helpers/clock.ts';
import { snapshot } from '../helpers/db-snapshot.ts';

/**
 * Test servers start from copies of a per-process image (harness/seeded-image.ts). A copy must be the database
 * the server would have built itself: the same schema and migrations, and with a manual clock the same seeded
 * rows. Each pair below is one server built from nothing (`image: undefined`) and one from the image.
 */
const servers: TestServer[] = [];
async function start(...args: Parameters<typeof startTestServer>) {
  const s = await startTestServer(...args);
  servers.push(s);
  return s;
}
afterAll(async () => {
  for (const s of servers) await s.close();
});

const schema = (s: TestServer) => ({
  version: s.db.pragma('user_version', { simple: true }),
  objects: s.db.prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name`).all(),
});

describe('a test server started from the process image', () => {
  it('with a manual clock holds every row a server seeded at the same instant holds', async () => {
    const at = Date.parse('2026-06-15T04:00:00Z');
    const built = await start({ clock: manualClock(at), image: undefined });
    // An instant's image is made the second time it is asked for (harness/seeded-image.ts): the first server
    // seeds at its start, the second and third start from copies.
    const servers = [await start({ clock: manualClock(at) }), await start({ clock: manualClock(at) }), await start({ clock: manualClock(at) })];
    for (const copied of servers) {
      expect(schema(copied)).toEqual(schema(built));
      expect(snapshot(copied.db)).toEqual(snapshot(built.db));
    }
    // Seeded at another instant, the visits differ: the image is keyed on the clock's reading.
    const later = [await start({ clock: manualClock(at + 86_400_000) }), await start({ clock: manualClock(at + 86_400_000) })];
    for (const copied of later) expect(snapshot(copied.db, { only: ['access_records'] })).not.toEqual(snapshot(built.db, { only: ['access_records'] }));
  });

  it('with the system clock has the schema of a server migrated from nothing, and is seeded at its own start', async () => {
    const built = await start({ image: undefined });
    const copied = await start();
    expect(schema(copied)).toEqual(schema(built));
    expect(snapshot(copied.db, { only: ['users', 'roles', 'menus'] })).toEqual(snapshot(built.db, { only: ['users', 'roles', 'menus'] }));
    // Seeded passwords still log in on both.
    await expect(built.login('superadmin')).resolves.toEqual(expect.any(String));
    await expect(copied.login('superadmin')).resolves.toEqual(expect.any(String));
  });

  it('keeps each server its own copy: a write to one is not in the next', async () => {
    const clock = manualClock(Date.parse('2026-06-15T04:00:00Z'));
    const [first, second] = [await start({ clock }), await start({ clock })];
    for (const s of [first, second]) updateUser(s.db, 'superadmin', { name: 'changed' });
    const third = await start({ clock });
    expect(valueOf(third.db, 'users', 'name', { account: 'superadmin' })).not.toBe('changed');
  });
});
