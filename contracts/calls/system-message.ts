import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { EXAMPLE_ID, id, listRequest, pageOf } from '../envelope.ts';
import { NotifyStatus } from '../enums.ts';
import { message } from './message.ts';

/** A message as the admin's message list shows it: with its recipient. */
export const messageWithRecipient = message.extend({ user_id: id, account: z.string() });
export type MessageWithRecipient = z.infer<typeof messageWithRecipient>;

export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_CONTENT_MAX = 2000;

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

export const messageListCalls = [messageList, messageSend, messageClear] as const;
