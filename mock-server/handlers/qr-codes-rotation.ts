import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import {
  CHILDREN_MAX, rotationAdd, rotationChild, rotationInquire, rotationRemove, rotationTypeAdd, rotationTypeEntry, rotationTypeInquire,
  rotationTypeRemove, rotationTypeUpdate, rotationUpdate, shortCode, shortCodeAdd, shortCodeInquire, shortCodeRemove, shortCodeUpdate,
  shortPath, type ShortCode,
} from '../../contracts/index.ts';
import { conflict, notFound } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';
import { ownerScope, randomCode } from '../services/scope.ts';

/** A live QR code the caller may add children or short codes to, else 404. */
function requireLiveCode(db: Database, id: number, scope: number | undefined) {
  const row = db
    .prepare<[number], { id: number; user_id: number; visit_threshold: number }>('SELECT id, user_id, visit_threshold FROM qr_codes WHERE id = ? AND removed = 1')
    .get(id);
  if (!row || (scope !== undefined && row.user_id !== scope)) throw notFound();
  return row;
}

function requirePlatform(db: Database, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  if (!db.prepare('SELECT 1 FROM url_key_platforms WHERE id = ?').get(id)) throw notFound();
}

/** Rotation children, owned through their QR code; the list shows those of live codes, in rotation order. */
const children = defineResource({
  calls: { add: rotationAdd, update: rotationUpdate, remove: rotationRemove, inquire: rotationInquire },
  row: rotationChild,
  table: 'qr_code_children',
  alias: 'c',
  select: 'c.*, q.file_name, q.name AS qr_code_name, q.rotation_type',
  joins: 'JOIN qr_codes q ON q.id = c.qr_code_id',
  owner: 'q.user_id',
  where: 'q.removed = 1',
  filters: { qr_code_id: 'eq', file_name: { op: 'like', column: 'q.file_name' }, rotation_type: { op: 'eq', column: 'q.rotation_type' } },
  orderBy: 'q.id DESC, c.sort, c.id',
  created: 'create_time',
  rules: {
    add: ({ body, services: { db }, me }) => {
      const code = requireLiveCode(db, body.qr_code_id, ownerScope(me()));
      const { n, max } = db
        .prepare<[number], { n: number; max: number | null }>('SELECT COUNT(*) AS n, MAX(sort) AS max FROM qr_code_children WHERE qr_code_id = ?')
        .get(code.id)!;
      if (n >= CHILDREN_MAX) throw conflict('errors.children_max');
      const threshold = body.visit_threshold ?? code.visit_threshold;
      return { values: { sort: body.sort ?? (max ?? -1) + 1, visit_threshold: threshold, remaining: threshold, current: 1 } };
    },
    // A lowered threshold also caps what is left of the current turn.
    update: ({ body }, { row }) => (body.visit_threshold !== undefined && row.remaining > body.visit_threshold ? { remaining: body.visit_threshold } : undefined),
    remove: ({ services: { db } }, removed) => {
      for (const codeId of new Set(removed.map((c) => c.row.qr_code_id))) {
        const left = db.prepare<[number], { id: number; current: number }>('SELECT id, current FROM qr_code_children WHERE qr_code_id = ? ORDER BY sort, id').all(codeId);
        if (left.length === 0) throw conflict('errors.last_child');
        // The current child was removed: the next visit starts at the first one.
        if (!left.some((c) => c.current === 2)) db.prepare('UPDATE qr_code_children SET current = 2, remaining = visit_threshold WHERE id = ?').run(left[0]!.id);
      }
    },
  },
});

/** Administrator-kept labels of the rotation types (a shared catalogue). */
const rotationTypes = defineResource({
  calls: { add: rotationTypeAdd, update: rotationTypeUpdate, remove: rotationTypeRemove, inquire: rotationTypeInquire },
  row: rotationTypeEntry,
  table: 'rotation_types',
  alias: 'r',
  filters: { show_status: 'eq', rotation_type: 'eq' },
  orderBy: 'r.sort DESC, r.id',
  unique: [{ column: 'name', message: 'errors.name_taken' }],
  created: 'create_time',
});

/** Self-operated types (and any code without a platform) are served by /s/{code}; others by the platform's URL. */
const shortRow = shortCode.omit({ short_url: true }).extend({ platform_url: z.string() });
const toShortCode = ({ platform_url, ...s }: z.infer<typeof shortRow>): ShortCode => ({
  ...s,
  short_url: platform_url ? `${platform_url.replace(/\/+$/, '')}/${s.code}` : shortPath(s.code),
});

const shortCodes = defineResource({
  calls: { add: shortCodeAdd, update: shortCodeUpdate, remove: shortCodeRemove, inquire: shortCodeInquire },
  row: shortRow,
  table: 'short_codes',
  alias: 's',
  select: `s.id, s.user_id, u.account, s.qr_code_id, q.file_name, s.code, s.short_code_type, s.url_key_platform_id,
    COALESCE(p.url, '') AS platform_url, s.remark, s.create_time`,
  joins: 'JOIN users u ON u.id = s.user_id JOIN qr_codes q ON q.id = s.qr_code_id LEFT JOIN url_key_platforms p ON p.id = s.url_key_platform_id',
  owner: 'user_id',
  filters: { qr_code_id: 'eq', code: 'like', short_code_type: 'eq' },
  orderBy: 's.id DESC',
  unique: [{ column: 'code', message: 'errors.short_code_taken' }],
  created: 'create_time',
  present: (rows) => rows.map(toShortCode),
  rules: {
    add: ({ body, services: { db }, me }) => {
      const code = requireLiveCode(db, body.qr_code_id, ownerScope(me()));
      requirePlatform(db, body.url_key_platform_id);
      // A generated code is drawn until free; a chosen one that is taken answers 409 (unique).
      let short = body.code;
      while (short === undefined) {
        const candidate = randomCode(6);
        if (!db.prepare('SELECT 1 FROM short_codes WHERE code = ?').get(candidate)) short = candidate;
      }
      return { owner: code.user_id, values: { code: short } };
    },
    update: ({ body, services: { db } }) => requirePlatform(db, body.url_key_platform_id),
  },
});

export const rotationHandlers = defineHandlers({
  ...children.handlers,
  ...rotationTypes.handlers,
  ...shortCodes.handlers,
});
