import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../mock-server/db/open.ts';
import { isSeeded, seedDatabase } from '../mock-server/seed/seed.ts';
import { bulkSeed, type BulkSeedResult } from '../mock-server/seed/bulk.ts';
import { systemClock } from '../mock-server/services/clock.ts';
import { createServices } from '../mock-server/compose.ts';
import { OWASP_SCRYPT } from '../mock-server/services/passwords.ts';

export interface SeedBulkArgs {
  db: string;
  records: number;
  bigRecords?: number;
  codes?: number;
  days?: number;
  fresh?: boolean;
  log?: (line: string) => void;
}

/** Open (migrate, seed the fixtures if empty) and bulk-fill a database file; returns what was made. */
export function seedBulk(args: SeedBulkArgs): BulkSeedResult & { db: Database; bytes: number } {
  const log = args.log ?? ((line: string) => console.log(line));
  if (args.fresh) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.resolve(args.db + suffix), { force: true });
  const db = openDatabase(args.db);
  const services = createServices(db, systemClock, { mode: 'production', sessionIdleMs: 720 * 60_000, scrypt: OWASP_SCRYPT });
  if (!isSeeded(db)) seedDatabase(services);
  const result = bulkSeed(db, {
    records: args.records,
    bigRecords: args.bigRecords ?? Math.min(1_000_000, Math.ceil(args.records / 10)),
    codes: args.codes ?? 199,
    days: args.days ?? 90,
    userId: 4,
    domainId: 1,
    now: systemClock.now(),
    seed: 42,
    log,
  });
  db.pragma('wal_checkpoint(TRUNCATE)');
  const bytes = ['', '-wal'].reduce((n, s) => n + (fs.existsSync(args.db + s) ? fs.statSync(args.db + s).size : 0), 0);
  return { ...result, db, bytes };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const { values } = parseArgs({
    options: {
      records: { type: 'string', default: '1000000' },
      db: { type: 'string', default: '.data/bulk.db' },
      big: { type: 'string' },
      codes: { type: 'string' },
      days: { type: 'string' },
      fresh: { type: 'boolean', default: false },
    },
  });
  const records = Number(values.records);
  if (!Number.isInteger(records) || records < 1 || records > 50_000_000) throw new Error('--records must be an integer 1..50000000');
  console.log(`bulk seeding ${records.toLocaleString('en')} access records into ${values.db}${values.fresh ? ' (fresh file)' : ''}`);
  const r = seedBulk({
    db: values.db,
    records,
    fresh: values.fresh,
    ...(values.big ? { bigRecords: Number(values.big) } : {}),
    ...(values.codes ? { codes: Number(values.codes) } : {}),
    ...(values.days ? { days: Number(values.days) } : {}),
  });
  r.db.close();
  console.log(
    `done: ${r.records.toLocaleString('en')} records in ${(r.ms.total / 1000).toFixed(1)} s ` +
      `(rows ${(r.ms.rows / 1000).toFixed(1)} s, indexes ${(r.ms.indexes / 1000).toFixed(1)} s), ${(r.bytes / 2 ** 20).toFixed(0)} MiB; ` +
      `big code ${r.bigFileName} (id ${r.bigCodeId}, share password ${r.bigPassword})`,
  );
}
