import { CloseCode, CloseReason, FrameType, message, messageInquire, messageList, messageWithRecipient } from '../../contracts/index.ts';
import { notFound } from '../http/errors.ts';
import { defineResource } from '../resources/define.ts';
import { defineHandlers } from '../http/handler.ts';
import { formatDateTime } from '../services/clock.ts';
import type { Services } from '../compose.ts';

const COLUMNS = 'm.id, m.title, m.content, m.notify_status, m.send_time, m.check_time';

/** The caller's inbox: personal, so administrators too see only their own (another's id answers 404). */
const inbox = defineResource({
  calls: { inquire: messageInquire },
  row: message,
  table: 'messages',
  alias: 'm',
  select: COLUMNS,
  owner: 'user_id',
  personal: true,
  filters: { notify_status: 'eq' },
  orderBy: 'm.id DESC',
});

/** Every message with its recipient (the administrators' message list). */
const allMessages = defineResource({
  calls: { inquire: messageList },
  row: messageWithRecipient,
  table: 'messages',
  alias: 'm',
  select: `${COLUMNS}, m.user_id, u.account`,
  joins: 'JOIN users u ON u.id = m.user_id',
  filters: { notify_status: 'eq', user_id: 'eq' },
  orderBy: 'm.id DESC',
});

function userExists(services: Services, id: number) {
  const user = services.users.byId(id);
  if (!user || user.status === 2) throw notFound('errors.user_not_found');
  return user;
}

export const messageHandlers = defineHandlers({
  ...inbox.handlers,
  ...allMessages.handlers,

  'message/update_notify_status': ({ body, services, me }) => {
    const { db } = services;
    const { id, row } = inbox.find(db, body.id, inbox.scopeOf(me()));
    // Reading a read message again keeps its first check time.
    if (row.notify_status === 1) db.prepare('UPDATE messages SET notify_status = 2, check_time = ? WHERE id = ?').run(formatDateTime(services.clock.now()), id);
    return inbox.get(db, id);
  },

  'message/send': ({ body, services, me }) => {
    const sender = me();
    const recipients: number[] =
      body.user_id !== undefined
        ? [userExists(services, body.user_id).id]
        : (services.db
            .prepare('SELECT id FROM users WHERE status = 1 ORDER BY id')
            .pluck()
            .all() as number[]);
    const now = formatDateTime(services.clock.now());
    const insert = services.db.prepare(
      'INSERT INTO messages (user_id, sender_id, title, content, send_time) VALUES (?, ?, ?, ?, ?)',
    );
    const created = services.db.transaction(() =>
      recipients.map((userId) => ({
        userId,
        id: Number(insert.run(userId, sender.id, body.title, body.content, now).lastInsertRowid),
      })),
    )();
    // Push after the commit, only to users with an open console.
    let pushed = 0;
    for (const m of created) {
      if (!services.realtime.isOnline(m.userId)) continue;
      pushed += services.realtime.push(m.userId, FrameType.values.message, {
        id: m.id,
        title: body.title,
        content: body.content,
      });
    }
    return { sent: created.length, pushed };
  },

  'message/clear': ({ body, services }) => {
    const info =
      body.user_id === undefined
        ? services.db.prepare('DELETE FROM messages').run()
        : services.db
            .prepare('DELETE FROM messages WHERE user_id = ?')
            .run(userExists(services, body.user_id).id);
    return { removed: info.changes };
  },

  'user/force_refresh': ({ body, services }) => ({
    pushed: services.realtime.push(userExists(services, body.id).id, FrameType.values.reload),
  }),

  'user/disconnect': ({ body, services }) => {
    const id = userExists(services, body.id).id;
    // ws sends in order: the type-3 frame reaches the console before the 3001 close frame.
    services.realtime.push(id, FrameType.values.close);
    return {
      closed: services.realtime.closeUser(
        id,
        CloseCode.values.deliberate,
        CloseReason.disconnected,
      ),
    };
  },
});
