import {
  logConfigInquire,
  logConfigUpdate,
  logEntry,
  logInquire,
  logTypeInquire,
  logTypeRow,
  logTypeUpdate,
} from '../../contracts/index.ts';
import type { Services } from '../compose.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource, type EngineContext } from '../resources/define.ts';

const DAY_MS = 86_400_000;

/** The audit log, read-only here (services.audit writes it); rows of hidden types stay out of the list. */
const logs = defineResource({
  calls: { inquire: logInquire },
  row: logEntry,
  table: 'logs',
  alias: 'g',
  select: "g.id, g.type, g.user_id, g.account, g.source, g.content, g.target_ids, g.ip, g.ua, g.create_time, COALESCE(t.name, '') AS type_name",
  joins: 'LEFT JOIN log_types t ON t.id = g.type',
  where: 'COALESCE(t.show_status, 1) = 1',
  filters: {
    type: { op: 'eq', column: 'g.type' },
    user_id: { op: 'eq', column: 'g.user_id' },
    account: { op: 'like', column: 'g.account' },
    source: { op: 'like', column: 'g.source' },
    start_time: { op: 'gte', column: 'g.create_time' },
    end_time: { op: 'lte', column: 'g.create_time' },
  },
  orderBy: 'g.id DESC',
});

const TYPE_SPEC = { row: logTypeRow, table: 'log_types', alias: 't', filters: { name: 'like', show_status: 'eq' }, orderBy: 't.id' } as const;
/** Names, remarks and show status (log_type) and recording and retention (log_config): one table, two screens. */
const logTypes = defineResource({ ...TYPE_SPEC, calls: { inquire: logTypeInquire, update: logTypeUpdate } });
const logConfig = defineResource({
  ...TYPE_SPEC,
  calls: { inquire: logConfigInquire, update: logConfigUpdate },
  // A shorter retention applies at once (the hourly sweep would reach the same rows later).
  rules: { committed: { update: (ctx: EngineContext<typeof logConfigUpdate, Services>) => ctx.services.audit.prune() } },
});

export const logHandlers = defineHandlers({
  ...logs.handlers,
  ...logTypes.handlers,
  ...logConfig.handlers,
  'log/clear': ({ body, services }) => {
    const before = services.clock.now() - body.days * DAY_MS;
    return { removed: services.db.prepare('DELETE FROM logs WHERE at_ms < ?').run(before).changes };
  },
});
