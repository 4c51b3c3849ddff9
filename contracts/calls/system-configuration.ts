import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { emptyRequest } from '../envelope.ts';

/** The server's parameters (route `configuration`): the website_info fields the console reads, and session idle time. */
export const configuration = z.object({
  title: z.string(),
  icon: z.string(),
  color: z.string(),
  invitation_code_editable: z.boolean(),
  /** Minutes without a call after which a session ends (applies to every live session at once). */
  session_idle_minutes: z.int().min(1),
});
export type Configuration = z.infer<typeof configuration>;

export const SESSION_IDLE_MAX_MINUTES = 30 * 24 * 60;

export const configurationInquire = defineCall({
  path: 'configuration/inquire',
  summary: 'The server parameters: site title, logo, theme colour, invitation-code editing, session idle time.',
  access: permission('configuration'),
  request: emptyRequest,
  response: configuration,
});

export const configurationUpdate = defineCall({
  path: 'configuration/update',
  summary: 'Change server parameters; only the fields sent change, and they apply at once.',
  access: permission('configuration', 'update'),
  request: z.strictObject({
    title: z.string().trim().min(1, 'validation.name_required').max(64).optional(),
    // A site path (/logo.svg) or an http(s) URL; nothing else reaches an <img src>.
    icon: z
      .string()
      .max(512)
      .regex(/^(\/[^\s]*|https?:\/\/[^\s]+)$/, 'validation.icon_url')
      .optional(),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.color_hex').optional(),
    invitation_code_editable: z.boolean().optional(),
    session_idle_minutes: z.int().min(5).max(SESSION_IDLE_MAX_MINUTES).optional(),
  }),
  response: configuration,
});

export const configurationCalls = [configurationInquire, configurationUpdate] as const;
