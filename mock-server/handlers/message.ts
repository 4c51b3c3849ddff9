import { message, messageInquire, type Locale } from '../../contracts/index.ts';
import { localisedMessage } from '../shield/messages.ts';
import { defineResource } from '../resources/define.ts';
import { defineHandlers } from '../http/handler.ts';
import { formatDateTime } from '../services/clock.ts';

export const MESSAGE_COLUMNS = 'm.id, m.title, m.content, m.notify_status, m.send_time, m.check_time, m.text_key, m.text_vars';

/** Messages as answered: one the server wrote (a WeChat block) in the reader's language, its key and figures dropped. */
export const presentMessages = <R extends { title: string; content: string }>(rows: R[], _db: unknown, locale: Locale): R[] => rows.map((r) => localisedMessage(r, locale));

/** The caller's inbox: personal, so administrators too see only their own (another's id answers 404). */
const inbox = defineResource({
  calls: { inquire: messageInquire },
  row: message,
  table: 'messages',
  alias: 'm',
  select: MESSAGE_COLUMNS,
  owner: 'user_id',
  personal: true,
  filters: { notify_status: 'eq' },
  orderBy: 'm.id DESC',
  present: presentMessages,
});

export const messageHandlers = defineHandlers({
  ...inbox.handlers,

  'message/update_notify_status': ({ body, services, me, locale }) => {
    const { db } = services;
    const { id, row } = inbox.find(db, body.id, inbox.scopeOf(me()));
    // Reading a read message again keeps its first check time.
    if (row.notify_status === 1) db.prepare('UPDATE messages SET notify_status = 2, check_time = ? WHERE id = ?').run(formatDateTime(services.clock.now()), id);
    return inbox.get(db, id, undefined, locale);
  },

});
