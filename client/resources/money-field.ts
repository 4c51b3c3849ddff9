import { formatMoney, parseMoney } from '../../contracts/money.ts';
import type { FieldOverride } from './types.ts';

/**
 * A form field over an integer micro-units request field (`price_micro`, `amount_micro`): the person types
 * USDT as a decimal ('12.5'); the body gets micro-units. Text with more than 6 decimals or not a number is
 * sent as NaN, so the contract's integer rule refuses it under the field before anything is sent.
 */
export function moneyField(name: string, extra: Partial<FieldOverride> = {}): FieldOverride {
  return {
    name,
    kind: 'text',
    parse: (text) => parseMoney(text) ?? Number.NaN,
    format: (value) => (typeof value === 'number' ? formatMoney(value) : ''),
    helper: 'resource.money_helper',
    ...extra,
  };
}
