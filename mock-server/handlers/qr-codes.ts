import { timingSafeEqual } from 'node:crypto';
import { defineHandlers } from '../http/handler.ts';
import { conflict, notFound } from '../http/errors.ts';
import { startBatchUpdateJob } from '../jobs/kinds/qr-batch-update.ts';
import { requireDomainForCodes, requireOwnedDomain } from '../qr/owned.ts';
import { writeChildren } from '../qr/qr-codes.ts';
import { batchUpdate, moveDomainCodes, now, qrCodes, setMany } from '../qr/qr-resource.ts';
import { ownerScope } from '../services/scope.ts';
import { throttleOf } from '../security/throttle.ts';

/** Address and CNAME customers point domains at: the mock serves every domain itself, on loopback. */
export const RESOLUTION_TARGET = { ip: '127.0.0.1', cname: 'entry.qr-console.local' } as const;

/** Constant-time comparison of a share password; '' (sharing off) never matches. */
export function passwordMatches(stored: string, given: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const qrCodeHandlers = defineHandlers({
  ...qrCodes.handlers,

  'qr_code_list/inquire': ({ body, services, me }) => {
    const page = qrCodes.list(services.db, body, me());
    if (!body.file_names) return page;
    // A batch query says which asked codes are none of the caller's (a typo, another's code), not only what it found.
    const scope = ownerScope(me());
    const known = new Set(
      services.db
        .prepare(`SELECT file_name FROM qr_codes WHERE removed = ? AND file_name IN (SELECT value FROM json_each(?))${scope === undefined ? '' : ' AND user_id = ?'}`)
        .pluck()
        .all(body.removed, JSON.stringify(body.file_names), ...(scope === undefined ? [] : [scope])) as string[],
    );
    return { ...page, not_found: [...new Set(body.file_names)].filter((f) => !known.has(f)) };
  },

  'qr_code_list/update_url': ({ body, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      const { row: code } = qrCodes.find(db, body.id, ownerScope(me()));
      const time = now(services);
      writeChildren(db, code.id, body.children, code.visit_threshold, time);
      db.prepare('UPDATE qr_codes SET update_time = ? WHERE id = ?').run(time, code.id);
      return qrCodes.get(db, code.id);
    })();
  },

  'qr_code_list/share_access': ({ body, services, ip }) => {
    // Issue 20: share passwords are guessed under the same per-source limit as logins.
    throttleOf(services).check(ip);
    const row = services.db
      .prepare<[string], { id: number; name: string; password: string; view_number: number; ip_view_number: number }>(
        'SELECT id, name, password, view_number, ip_view_number FROM qr_codes WHERE file_name = ? AND removed = 1',
      )
      .get(body.file_name);
    if (!row || !passwordMatches(row.password, body.password)) {
      throttleOf(services).fail(ip);
      throw notFound('errors.share_not_found');
    }
    return { name: row.name, id: row.id, view_number: row.view_number, ip_view_number: row.ip_view_number };
  },

  'qr_code_list/change_domain_name': ({ body, services, me }) => {
    const { db } = services;
    const scope = ownerScope(me());
    return db.transaction(() => {
      const target = requireDomainForCodes(db, body.domain_id, scope);
      if (!body.ids) {
        // Moving codes off a domain is what a blocked or held one needs: only the target must be usable.
        const from = requireOwnedDomain(db, body.from_domain_id!, scope, target.user_id, 'from_domain_id');
        if (from.id === target.id) throw conflict('errors.domain_same', { domain: target.domain });
        return { updated: moveDomainCodes(db, from.id, target.id, now(services)) };
      }
      const rows = qrCodes.findAll(db, body.ids, scope, 1);
      const ids = rows.map((r) => {
        if (r.owner !== target.user_id) throw notFound();
        return r.id;
      });
      const already = db
        .prepare<[number, string], { n: number }>('SELECT COUNT(*) AS n FROM qr_codes WHERE domain_id = ? AND id IN (SELECT value FROM json_each(?))')
        .get(target.id, JSON.stringify(ids))?.n;
      // Every chosen code is there already: nothing would change, and the user meant another domain.
      if (already === ids.length) throw conflict('errors.domain_same', { domain: target.domain });
      return { updated: setMany(db, ids, { domain_id: target.id }, now(services)) };
    })();
  },

  // Over the threshold the checks run now and a job writes the codes in small steps.
  'qr_code_list/batch_update': (ctx) => {
    const { body, services, me } = ctx;
    if (body.ids.length > services.jobs.batchThreshold) return startBatchUpdateJob(ctx);
    return services.db.transaction(() => batchUpdate(services.db, body, ownerScope(me()), now(services)))();
  },

  'qr_code_list/update_restriction_visit': ({ body, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      const rows = qrCodes.findAll(db, body.ids, ownerScope(me()), 1);
      const values = { visit_method: body.visit_method, visit_restriction: body.visit_restriction };
      return { updated: setMany(db, rows.map((r) => r.id), values, now(services)) };
    })();
  },

  'qr_code_list/update_open_log': ({ body, services, me }) => {
    const { db } = services;
    return db.transaction(() => {
      const rows = qrCodes.findAll(db, body.ids, ownerScope(me()), 1);
      return { updated: setMany(db, rows.map((r) => r.id), { open_log: body.open_log }, now(services)) };
    })();
  },

  'qr_code_list/get_ip': () => ({ ...RESOLUTION_TARGET }),

  'qr_code_list/details': ({ body, services, me }) => {
    const { db } = services;
    const id = body.id ?? (db.prepare('SELECT id FROM qr_codes WHERE file_name = ?').pluck().get(body.file_name!) as number | undefined);
    if (id === undefined) throw notFound();
    return qrCodes.get(db, id, ownerScope(me()));
  },
});
