import type { Clock } from '../mock-server/services/clock.ts';
import { createServices } from '../mock-server/compose.ts';
import { openDatabase } from '../mock-server/db/open.ts';
import { seedDatabase } from '../mock-server/seed/seed.ts';
import type { ServerConfig } from '../mock-server/services/config.ts';

/**
 * Starting images of ':memory:' test servers, made once per process (a worker shares them between its files).
 * Migrating an empty database costs a test server about a third of its start, seeding most of the rest; a copy of
 * an image (`new Database(buffer)`) costs a millisecond or two. The copy is the same database the server would
 * have built itself: migrations are deterministic, and the seed reads nothing but the clock and the server's
 * config, which key the seeded images (tests/api/seeded-image.test.ts compares the two row by row).
 */

let migrated: Buffer | undefined;
/** An empty database with every migration applied. */
export function migratedImage(): Buffer {
  if (!migrated) {
    const db = openDatabase(':memory:');
    migrated = db.serialize();
    db.close();
  }
  return migrated;
}

/** Seeded images kept (about 0.8 MB each), the most recently used last. */
const KEPT = 8;
const seeded = new Map<string, Buffer>();
/** Keys asked for once (bounded too): an image is made the second time, so a one-off instant costs no image. */
const askedOnce = new Set<string>();

/**
 * A migrated database seeded at `at` (the clock's reading) under `config`, as `createMockServer` seeds it: the
 * same services over a clock that reads `at` throughout. Valid for a server whose clock reads `at` for the whole
 * of its start (a manual clock: it moves only when a test tells it to, and a start is synchronous). Undefined the
 * first time a key is asked for: most manual clocks start at the real time now, an instant no other server shares,
 * and making an image for it would cost more than seeding once.
 */
export function seededImage(at: number, config: ServerConfig): Buffer | undefined {
  const key = JSON.stringify({ at, config });
  let image = seeded.get(key);
  if (image) {
    seeded.delete(key); // most recently used last
  } else {
    if (!askedOnce.has(key)) {
      askedOnce.add(key);
      if (askedOnce.size > 1000) askedOnce.delete(askedOnce.values().next().value!);
      return undefined;
    }
    const db = openDatabase(':memory:', migratedImage());
    const clock: Clock = { now: () => at };
    try {
      seedDatabase(createServices(db, clock, config, () => {}));
      image = db.serialize();
    } finally {
      db.close();
    }
    if (seeded.size >= KEPT) seeded.delete(seeded.keys().next().value!);
  }
  seeded.set(key, image);
  return image;
}

/** A clock that moves only when told (tests/helpers/clock.ts manualClock): its reading holds through a start. */
export function isManualClock(clock: Clock | undefined): clock is Clock & { advance(ms: number): void } {
  return typeof (clock as { advance?: unknown } | undefined)?.advance === 'function';
}
