import { SECRET_MASK, type UploadConfig } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import type { Services } from '../compose.ts';

function configurationOf(services: Services) {
  const { title, icon, color, invitation_code_editable } = services.settings.require('website_info');
  return { title, icon, color, invitation_code_editable, session_idle_minutes: Math.round(services.sessions.idleMs() / 60_000) };
}

const UPLOAD_COLUMNS = ['domain_name', 'region', 'access_key_id', 'access_key_secret', 'bucket', 'save_path', 'upload_type', 'size_limit_bytes', 'allowed_types'] as const;

function uploadConfigOf(services: Services): UploadConfig {
  const row = services.db.prepare(`SELECT ${UPLOAD_COLUMNS.join(', ')} FROM upload_config WHERE id = 1`).get() as UploadConfig;
  return { ...row, access_key_secret: row.access_key_secret ? SECRET_MASK : '' };
}

/** Server parameters (settings rows) and upload settings (the upload_config row `file/add` reads per upload). */
export const configurationHandlers = defineHandlers({
  'configuration/inquire': ({ services }) => configurationOf(services),
  'configuration/update': ({ body, services }) => {
    const { session_idle_minutes: idle, ...site } = body;
    services.db.transaction(() => {
      const info = { ...services.settings.require('website_info') };
      for (const [k, v] of Object.entries(site)) if (v !== undefined) Object.assign(info, { [k]: v });
      services.settings.set('website_info', info);
      if (idle !== undefined) services.settings.set('session_idle_minutes', idle);
    })();
    // After the commit: live sessions follow the new idle time from their next call.
    if (idle !== undefined) services.sessions.setIdleMs(idle * 60_000);
    return configurationOf(services);
  },
  'image_config/inquire': ({ services }) => uploadConfigOf(services),
  'image_config/update': ({ body, services }) => {
    // The secret is write-only: an empty value or the mask read back keeps the stored one.
    const keepSecret = body.access_key_secret === undefined || body.access_key_secret === '' || body.access_key_secret === SECRET_MASK;
    const sets = UPLOAD_COLUMNS.filter((c) => body[c] !== undefined && !(c === 'access_key_secret' && keepSecret));
    if (sets.length) {
      // Column names come from the fixed list above, values are bound.
      services.db
        .prepare(`UPDATE upload_config SET ${sets.map((c) => `${c} = ?`).join(', ')} WHERE id = 1`)
        .run(...sets.map((c) => body[c] as string | number));
    }
    return uploadConfigOf(services);
  },
});
