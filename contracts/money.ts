import { z } from 'zod';

/**
 * Money travels and is stored as integer micro-units: 1 USDT = 1,000,000 (docs/decisions/2026-11-23-money.md).
 * Every amount field of the API ends in `_micro` and is a JSON integer; the console parses what a person types
 * (a decimal with at most 6 places) with `parseMoney` and shows amounts with `formatMoney`. No float ever holds
 * a balance, so sums are exact.
 */
export const MICRO_PER_UNIT = 1_000_000;
/** Largest balance (and largest single change): 1,000,000,000 USDT. Twice it stays far below 2^53. */
export const MONEY_MAX_MICRO = 1_000_000_000 * MICRO_PER_UNIT;

/** A balance or a stored amount: whole micro-units, 0 … MONEY_MAX_MICRO. */
export const microAmount = z.int().min(0).max(MONEY_MAX_MICRO);
/** A signed change (spec §5: positive adds, negative subtracts, never 0). */
export const signedMicro = z.int().min(-MONEY_MAX_MICRO).max(MONEY_MAX_MICRO);

const DECIMAL = /^([+-])?(\d{1,10})(?:\.(\d*))?$/;

/**
 * Exact decimal text → micro-units: '12.5' → 12_500_000, '-0.000001' → -1. More than 6 decimals, anything
 * that is not a plain decimal, or a value past MONEY_MAX_MICRO gives null (never a rounded amount).
 */
export function parseMoney(text: string): number | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const [, sign, whole, fraction = ''] = m;
  if (fraction.length > 6) return null;
  const micro = Number(whole) * MICRO_PER_UNIT + Number(fraction.padEnd(6, '0'));
  if (micro > MONEY_MAX_MICRO) return null;
  return sign === '-' ? -micro : micro;
}

/**
 * Decimal places of a number as JSON writes it back (its shortest round-trip text): 10.5 → 1, 10.0000001 → 7,
 * 1e-7 → 7. What a person or a client typed is what counts, not the binary fraction behind it.
 */
export function decimalPlaces(x: number): number {
  const m = /^-?\d+(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (!m) return Number.POSITIVE_INFINITY; // NaN, Infinity: no exact amount at all
  return Math.max(0, (m[1]?.length ?? 0) - Number(m[2] ?? 0));
}

/**
 * An amount in whole USDT sent as a JSON number (a setting such as pay_config.min_recharge, where money is not
 * yet in micro-units): at most 6 decimal places, so it is a whole number of micro-units. 0.0000001 is refused,
 * never rounded to 0.
 */
export const usdtUnits = z.number().refine((x) => decimalPlaces(x) <= 6, 'validation.amount_decimals');

/**
 * The smallest minimum recharge pay_config may set: 1 USDT. A recharge order's unique pay amount adds up to
 * 0.9999 USDT to what is credited (9,999 steps of 0.0001), and a TRC20 transfer costs its sender about that much
 * in fees: below 1 USDT a recharge would be mostly offset and fee, and each one takes one of the 9,999 amounts.
 */
export const RECHARGE_FLOOR_USDT = 1;

/** Micro-units → decimal text without trailing zeros: 1_280_500_000 → '1280.5', -1 → '-0.000001'. */
export function formatMoney(micro: number): string {
  const sign = micro < 0 ? '-' : '';
  const abs = Math.abs(micro);
  const whole = Math.floor(abs / MICRO_PER_UNIT);
  const fraction = String(abs % MICRO_PER_UNIT)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The balance-edit form's amount (what a person types): a decimal with at most 6 places, not 0, within the
 * limit; its output is the signed micro-units the API takes.
 */
export const moneyText = z
  .string({ error: 'validation.amount_format' })
  .trim()
  .regex(/^[+-]?\d+(\.\d+)?$/, 'validation.amount_format')
  .refine((s) => !/\.\d{7,}$/.test(s), 'validation.amount_decimals')
  .transform((s, ctx) => {
    const micro = parseMoney(s);
    if (micro === null) {
      ctx.addIssue({ code: 'custom', message: 'validation.amount_format' });
      return z.NEVER;
    }
    return micro;
  })
  .refine((n) => n !== 0, 'validation.balance_change');
