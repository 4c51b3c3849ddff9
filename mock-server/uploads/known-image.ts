import type { Database } from 'better-sqlite3';
import { UPLOAD_URL } from '../../contracts/index.ts';
import { badRequest } from '../services/errors.ts';

/**
 * The contract already allows only `/uploads/<name>` or http(s) addresses; an `/uploads/` one must also name
 * a file `file/add` recorded, so a record never points at a file that is not there. 400 naming the field.
 */
export function requireKnownImages(db: Database, field: string, urls: readonly string[] | undefined): void {
  if (!urls?.length) return;
  const known = db.prepare<[string], { n: number }>('SELECT 1 AS n FROM files WHERE name = ?');
  for (const url of urls) {
    if (!UPLOAD_URL.test(url)) continue;
    if (!known.get(url.slice('/uploads/'.length))) throw badRequest('errors.image_not_uploaded', { field });
  }
}
