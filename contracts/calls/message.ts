import { z } from 'zod';
import { ANY_USER, permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, EXAMPLE_ID, id, listRequest, pageOf } from '../envelope.ts';
import { NotifyStatus } from '../enums.ts';

/**
 * Messages (spec §3 "Message", §6 message polling) and the admin actions that push over the real-time socket
 * (force refresh = frame type 2, disconnect = frame type 3, a new message = frame type 4).
 */
export const message = z.object({
  id,
  title: z.string(),
  content: z.string(),
  notify_status: NotifyStatus.schema,
  send_time: dateTime,
  check_time: dateTime.nullable(),
});
export type Message = z.infer<typeof message>;

/** A message as the admin's message list shows it: with its recipient. */
export const messageWithRecipient = message.extend({ user_id: id, account: z.string() });
export type MessageWithRecipient = z.infer<typeof messageWithRecipient>;

export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_CONTENT_MAX = 2000;

export const messageInquire = defineCall({
  path: 'message/inquire',
  summary: "The caller's own messages, newest first; the console polls it with notify_status 1, page_size 1.",
  access: ANY_USER,
  request: listRequest({ notify_status: NotifyStatus.schema.optional() }),
  response: pageOf(message),
});

export const messageUpdateNotifyStatus = defineCall({
  path: 'message/update_notify_status',
  summary:
    "Mark one of the caller's own messages read (notify_status 2, check_time now). Another user's id: 404.",
  access: ANY_USER,
  request: z.strictObject({ id }),
  response: message,
});

export const messageList = defineCall({
  path: 'message/list',
  summary: 'Every message with its recipient, newest first (admin message list).',
  access: permission('message_list'),
  request: listRequest({ notify_status: NotifyStatus.schema.optional(), user_id: id.optional() }),
  response: pageOf(messageWithRecipient),
});

export const messageSend = defineCall({
  path: 'message/send',
  summary:
    'Send a message to one user (user_id) or to every active user (all: true); online recipients get it at once ' +
    'as a real-time frame of type 4.',
  access: permission('message_list', 'send'),
  request: z
    .strictObject({
      title: z.string().trim().min(1, 'validation.message_title_required').max(MESSAGE_TITLE_MAX),
      content: z.string().trim().min(1, 'validation.message_content_required').max(MESSAGE_CONTENT_MAX),
      user_id: id.optional(),
      all: z.literal(true).optional(),
    })
    .refine((b) => (b.user_id === undefined) !== (b.all === undefined), {
      message: 'validation.message_recipient',
      path: ['user_id'],
    })
    // One recipient (no row): `all: true` would reach every inbox of the server the example is run against.
    .meta({ examples: [{ title: 'Maintenance tonight', content: 'The console is down from 22:00 to 22:30.', user_id: EXAMPLE_ID }] }),
  response: z.object({
    /** Messages stored (one per recipient). */
    sent: z.int().min(0),
    /** Sockets the real-time frame reached. */
    pushed: z.int().min(0),
  }),
});

export const messageClear = defineCall({
  path: 'message/clear',
  summary:
    "Delete one user's messages (user_id) or every message (no user_id). The console asks for confirmation.",
  access: permission('message_list', 'clear'),
  target: { field: 'user_id', action: 'manage' },
  // The example names one user (no row): without user_id the call empties every inbox.
  request: z.strictObject({ user_id: id.optional() }).meta({ examples: [{ user_id: EXAMPLE_ID }] }),
  response: z.object({ removed: z.int().min(0) }),
});

export const userForceRefresh = defineCall({
  path: 'user/force_refresh',
  summary:
    'Reload every open console of the user (real-time frame type 2). Answers how many sockets it reached.',
  access: permission('user_list', 'force_refresh'),
  target: { field: 'id', action: 'manage' },
  request: z.strictObject({ id }),
  response: z.object({ pushed: z.int().min(0) }),
});

export const userDisconnect = defineCall({
  path: 'user/disconnect',
  summary:
    'Close every open console of the user: frame type 3, then the server closes the sockets with 3001 (deliberate, ' +
    'no reconnect). Uses the force_refresh button permission of user_list.',
  access: permission('user_list', 'force_refresh'),
  target: { field: 'id', action: 'manage' },
  request: z.strictObject({ id }),
  response: z.object({ closed: z.int().min(0) }),
});

export const messageCalls = [
  messageInquire,
  messageUpdateNotifyStatus,
  messageList,
  messageSend,
  messageClear,
  userForceRefresh,
  userDisconnect,
] as const;
