import { FrameType, messageList, messageWithRecipient } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';
import { formatDateTime } from '../services/clock.ts';
import { liveUser } from '../users/guards.ts';
import { MESSAGE_COLUMNS, presentMessages } from './message.ts';

/** Every message with its recipient (the administrators' message list). */
const allMessages = defineResource({
  calls: { inquire: messageList },
  row: messageWithRecipient,
  table: 'messages',
  alias: 'm',
  select: `${MESSAGE_COLUMNS}, m.user_id, u.account`,
  joins: 'JOIN users u ON u.id = m.user_id',
  filters: { notify_status: 'eq', user_id: 'eq' },
  orderBy: 'm.id DESC',
  present: presentMessages,
});

/** The administrators' messages: the list, sending (a type-4 frame to whoever is online) and clearing. */
export const messageListHandlers = defineHandlers({
  ...allMessages.handlers,
  'message/send': ({ body, services, me }) => {
    const sender = me();
    const recipients: number[] =
      body.user_id !== undefined
        ? [liveUser(services, body.user_id).id]
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
            .run(liveUser(services, body.user_id).id);
    return { removed: info.changes };
  },
});
