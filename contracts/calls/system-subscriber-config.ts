import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { emptyRequest } from '../envelope.ts';
import { shareRatioRule } from '../validation.ts';

/**
 * Default subscriber config (spec §3): every field is read by the server — the share ratio of a new
 * registration, online detection by the real-time hub, the failed-login limit and window by login, and
 * registration on/off with its prompt by register and website info.
 */
export const subscriberConfigDefault = z.object({
  default_share_ratio: z.number().min(0),
  /** Off: the hub stops marking users online (everyone shows offline); sockets and pushes still work. */
  online_detection: z.boolean(),
  failed_login_limit: z.int().min(1),
  failure_window_minutes: z.int().min(1),
  allow_register: z.boolean(),
  no_register_prompt: z.string(),
});
export type SubscriberConfigDefault = z.infer<typeof subscriberConfigDefault>;

export const subscriberConfigInquire = defineCall({
  path: 'subscriber_config_default/inquire',
  summary: 'The default subscriber config.',
  access: permission('subscriber_config_default'),
  request: emptyRequest,
  response: subscriberConfigDefault,
});

export const subscriberConfigUpdate = defineCall({
  path: 'subscriber_config_default/update',
  summary: 'Change the default subscriber config; only the fields sent change. Takes effect at the next use.',
  access: permission('subscriber_config_default', 'update'),
  request: z.strictObject({
    default_share_ratio: shareRatioRule.optional(),
    online_detection: z.boolean().optional(),
    failed_login_limit: z.int().min(1).max(100).optional(),
    failure_window_minutes: z.int().min(1).max(1440).optional(),
    allow_register: z.boolean().optional(),
    no_register_prompt: z.string().trim().max(255).optional(),
  }),
  response: subscriberConfigDefault,
});

export const subscriberConfigCalls = [subscriberConfigInquire, subscriberConfigUpdate] as const;
