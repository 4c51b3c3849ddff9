import { z } from 'zod';
import { ANY_USER, permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { emptyRequest } from '../envelope.ts';
import { ShowStatus } from '../enums.ts';
import { RECHARGE_FLOOR_USDT, usdtUnits } from '../money.ts';

export const payConfig = z.object({
  qr_code_switch: ShowStatus.schema,
  usdt_address: z.string(),
  min_recharge: z.number(),
  exchange_rate: z.number(),
  order_timeout_minutes: z.int(),
});
export type PayConfig = z.infer<typeof payConfig>;

export const payConfigInquire = defineCall({
  path: 'pay_config/inquire',
  summary: 'Payment settings (QR code switch, USDT receiving address, limits).',
  access: ANY_USER,
  request: emptyRequest,
  response: payConfig,
});

export const payConfigUpdate = defineCall({
  path: 'pay_config/update',
  summary: 'Change payment settings; only the fields sent change.',
  access: permission('pay_config', 'update'),
  request: z.strictObject({
    qr_code_switch: ShowStatus.schema.optional(),
    // Empty clears the receiving address. The Base58Check checksum is checked by the handler, not here: this
    // file is on the login page (pay_config/inquire runs at start-up) and SHA-256 would add 3 KiB to it.
    usdt_address: z
      .string()
      .regex(/^(T[1-9A-HJ-NP-Za-km-z]{33})?$/, 'validation.usdt_address')
      .optional(),
    // Whole micro-units (at most 6 decimals), and at least RECHARGE_FLOOR_USDT (contracts/money.ts says why).
    min_recharge: usdtUnits.min(RECHARGE_FLOOR_USDT).max(1_000_000).optional(),
    exchange_rate: z.number().positive().max(1_000_000).optional(),
    order_timeout_minutes: z.int().min(1).max(1440).optional(),
  }),
  response: payConfig,
});

export const payConfigCalls = [payConfigInquire, payConfigUpdate] as const;
