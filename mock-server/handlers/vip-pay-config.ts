import { isTronAddress } from '../../contracts/index.ts';
import { badRequest } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';

/** How customers pay (a settings row): the whole console reads it at start-up. */
export const payConfigHandlers = defineHandlers({
  'pay_config/inquire': ({ services }) => services.settings.require('pay_config'),

  'pay_config/update': ({ body, services }) => {
    // The contract checks the shape; the checksum here (contracts/calls/vip-pay-config.ts says why). 400 naming the field.
    if (body.usdt_address && !isTronAddress(body.usdt_address)) throw badRequest('validation.usdt_address_checksum', { field: 'usdt_address' });
    const next = { ...services.settings.require('pay_config') };
    for (const [k, v] of Object.entries(body)) if (v !== undefined) Object.assign(next, { [k]: v });
    services.settings.set('pay_config', next);
    return next;
  },
});
