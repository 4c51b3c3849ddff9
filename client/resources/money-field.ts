import { formatMoney, parseMoney } from '../../contracts/index.ts';
import type { FieldOverride } from './types.ts';

/**
 * A `*_micro` amount typed as a decimal (contracts/money.ts): '12.5' ↔ 12_500_000, never rounded. Text that
 * is not a plain decimal with at most 6 decimals parses to NaN, which the contract's integer rule refuses
 * under the field before anything is sent.
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

/** A money cell's text (lists and CSV). */
export const moneyText = (micro: number): string => formatMoney(micro);
