import type { Message, MessageWithRecipient } from '../../contracts/index.ts';
import { CloseCode, CloseReason, FrameType } from '../../contracts/index.ts';
import { messages as seededMessages } from '../../fixtures/seed/messages.ts';
import { notFound } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import { formatDateTime } from '../services/clock.ts';
import type { Services } from '../services/index.ts';

const COLUMNS = 'm.id, m.title, m.content, m.notify_status, m.send_time, m.check_time';

function ownMessage(services: Services, id: number, userId: number): Message {
  const row = services.db
    .prepare<[number, number], Message>(`SELECT ${COLUMNS} FROM messages m WHERE m.id = ? AND m.user_id = ?`)
    .get(id, userId);
  // Another user's message is answered exactly like a missing one, so ids reveal nothing.
  if (!row) throw notFound();
  return row;
}

function userExists(services: Services, id: number) {
  const user = services.users.byId(id);
  if (!user || user.status === 2) throw notFound('errors.user_not_found');
  return user;
}

export const messageHandlers = defineHandlers({
  'message/inquire': ({ body, services, me }) => {
    const user = me();
    const where = ['m.user_id = ?'];
    const params: number[] = [user.id];
    if (body.notify_status !== undefined) {
      where.push('m.notify_status = ?');
      params.push(body.notify_status);
    }
    const clause = where.join(' AND ');
    const total = (
      services.db.prepare(`SELECT COUNT(*) AS n FROM messages m WHERE ${clause}`).get(...params) as {
        n: number;
      }
    ).n;
    const content = services.db
      .prepare(`SELECT ${COLUMNS} FROM messages m WHERE ${clause} ORDER BY m.id DESC LIMIT ? OFFSET ?`)
      .all(...params, body.page_size, (body.page - 1) * body.page_size) as Message[];
    return { content, total };
  },

  'message/update_notify_status': ({ body, services, me }) => {
    const user = me();
    const found = ownMessage(services, body.id, user.id);
    // Reading a read message again keeps its first check time.
    if (found.notify_status === 1) {
      services.db
        .prepare('UPDATE messages SET notify_status = 2, check_time = ? WHERE id = ? AND user_id = ?')
        .run(formatDateTime(services.clock.now()), body.id, user.id);
    }
    return ownMessage(services, body.id, user.id);
  },

  'message/list': ({ body, services }) => {
    const where: string[] = [];
    const params: number[] = [];
    if (body.notify_status !== undefined) {
      where.push('m.notify_status = ?');
      params.push(body.notify_status);
    }
    if (body.user_id !== undefined) {
      where.push('m.user_id = ?');
      params.push(body.user_id);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = (
      services.db.prepare(`SELECT COUNT(*) AS n FROM messages m ${clause}`).get(...params) as { n: number }
    ).n;
    const content = services.db
      .prepare(
        `SELECT ${COLUMNS}, m.user_id, u.account FROM messages m JOIN users u ON u.id = m.user_id ${clause}
         ORDER BY m.id DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, body.page_size, (body.page - 1) * body.page_size) as MessageWithRecipient[];
    return { content, total };
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

/** Seed step (AREA_SEEDS): the messages of fixtures/seed/messages.ts. */
export function seedMessages(services: Services): void {
  const insert = services.db.prepare(
    `INSERT INTO messages (user_id, title, content, notify_status, send_time, check_time)
     SELECT id, ?, ?, ?, ?, ? FROM users WHERE account = ?`,
  );
  for (const m of seededMessages)
    insert.run(m.title, m.content, m.notify_status, m.send_time, m.check_time, m.account);
}
