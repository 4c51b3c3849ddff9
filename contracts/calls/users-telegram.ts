import { z } from 'zod';
import { ANY_USER, permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { dateTime, id, listRequest, pageOf } from '../envelope.ts';

/**
 * Telegram bot bindings (spec §3: nickname, account, language, platform account, platform nickname, chat id,
 * binding time). Binding is simulated through the control API (`telegram_bind`); the console lists and unbinds.
 * A customer sees and unbinds only their own; administrators everyone's.
 */
export const telegramBinding = z.object({
  id,
  user_id: id,
  /** The console user's name and account. */
  nickname: z.string(),
  account: z.string(),
  language: z.string(),
  platform_account: z.string(),
  platform_nickname: z.string(),
  chat_id: z.int(),
  binding_time: dateTime,
});
export type TelegramBinding = z.infer<typeof telegramBinding>;

export const telegramBindingInquire = defineCall({
  path: 'telegram_bot_binding/inquire',
  summary: 'Telegram bindings, newest first, filtered by account and platform account.',
  access: permission('telegram_bot_binding'),
  request: listRequest({ account: z.string().max(64).optional(), platform_account: z.string().max(64).optional() }),
  response: pageOf(telegramBinding),
});

export const telegramBindingRemove = defineCall({
  path: 'telegram_bot_binding/remove',
  summary: 'Unbind by id (all or none; another customer\'s binding is 404).',
  access: permission('telegram_bot_binding', 'remove'),
  request: z.strictObject({ ids: z.array(id).min(1).max(100) }),
  response: z.object({ removed: z.int().min(0) }),
});

export const telegramOwnBindings = defineCall({
  path: 'admin/telegram_binding_inquire',
  summary: "The caller's own Telegram bindings (personal center), administrators included; newest first.",
  access: ANY_USER,
  request: listRequest({}),
  response: pageOf(telegramBinding),
});

export const telegramCalls = [telegramBindingInquire, telegramBindingRemove, telegramOwnBindings] as const;
