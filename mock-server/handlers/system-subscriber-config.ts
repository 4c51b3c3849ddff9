import { defineHandlers } from '../http/handler.ts';

/** The settings row `subscriber_config_default`, read whole and patched with the fields sent. */
export const subscriberConfigHandlers = defineHandlers({
  'subscriber_config_default/inquire': ({ services }) => services.settings.require('subscriber_config_default'),
  'subscriber_config_default/update': ({ body, services }) => {
    const next = { ...services.settings.require('subscriber_config_default') };
    for (const [k, v] of Object.entries(body)) if (v !== undefined) Object.assign(next, { [k]: v });
    services.settings.set('subscriber_config_default', next);
    return next;
  },
});
