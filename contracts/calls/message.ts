import { z } from 'zod';
import { ANY_USER } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id, listRequest, pageOf } from '../envelope.ts';
import { NotifyStatus } from '../enums.ts';

/**
 * Messages (spec §3 "Message", §6 message polling) as their recipient reads them. Sending and the admin's list
 * are the system area's (system-message.ts, a new message = frame type 4); force refresh and disconnect, which
 * push frame types 2 and 3, the users area's (users-connection.ts).
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

export const messageCalls = [messageInquire, messageUpdateNotifyStatus] as const;
