import type { Database } from 'better-sqlite3';
import { CODE_SEARCH_LIMIT, type CodeChoice } from '../../contracts/index.ts';
import { likeSubstring } from '../services/scope.ts';
import type { CodeScope } from './scope.ts';

/**
 * The code picker's search over a statistics scope: name or code containing the text (case-insensitive), or
 * the id when the text is `#12` / `12`; live codes before those in the recycle bin, newest first.
 */
export function searchCodes(db: Database, scope: CodeScope, search: string): { search: string; content: CodeChoice[] } {
  const idText = /^#?(\d{1,9})$/.exec(search)?.[1];
  const pattern = likeSubstring(search.toLowerCase());
  const content = db
    .prepare<unknown[], CodeChoice>(
      `SELECT q.id, q.name, q.file_name FROM qr_codes q
       WHERE ${scope.sql('q.id')}
         AND (lower(q.name) LIKE ? ESCAPE '\\' OR lower(q.file_name) LIKE ? ESCAPE '\\' OR q.id = ?)
       ORDER BY q.removed, q.id DESC LIMIT ${CODE_SEARCH_LIMIT}`,
    )
    .all(...scope.params, pattern, pattern, idText === undefined ? -1 : Number(idText));
  return { search, content };
}
