import { defineHandlers } from '../http/handler.ts';
import type { Services } from '../compose.ts';

function configurationOf(services: Services) {
  const { title, icon, color, invitation_code_editable } = services.settings.require('website_info');
  return { title, icon, color, invitation_code_editable, session_idle_minutes: Math.round(services.sessions.idleMs() / 60_000) };
}

/** Server parameters (settings rows). */
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
});
