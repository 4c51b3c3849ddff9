import { formatMoney, MICRO_PER_UNIT, ORDER_MAX_MICRO, parseMoney } from '../../contracts/index.ts';
import { keyMessage, type UserMessage } from '../state/message.ts';
import type { FieldContext, FieldOverride } from './types.ts';

/** Limits of one money input, in micro-units; each is optional and each has its own message. */
export interface MoneyLimits {
  /** Smallest amount accepted (a withdrawal's 10 USDT, pay_config.min_recharge). */
  readonly min?: number;
  /** Largest amount: the caller's balance (a withdrawal cannot take more than there is). */
  readonly balance?: number;
  /** Largest single order or request (contracts' ORDER_MAX_MICRO). Default that. */
  readonly max?: number;
  /** 0 is an amount (a price may be free). Default false: an amount must be above 0. */
  readonly zero?: boolean;
}

const DECIMAL = /^[+-]?\d+(?:\.\d+)?$/;

/**
 * What is wrong with a typed amount, first problem first, each with its own words: not an amount at all
 * ("abc", "1e3", "1,5"), more than 6 decimals, not above 0, under the minimum, over the balance, over the
 * largest single order. `undefined` when the amount is fine (an empty field is the form's "required").
 */
export function moneyProblem(text: string, limits: MoneyLimits = {}): UserMessage | undefined {
  const typed = text.trim();
  if (typed === '') return undefined;
  if (!DECIMAL.test(typed)) return keyMessage('resource.money_check.format');
  if (/\.\d{7,}$/.test(typed)) return keyMessage('resource.money_check.decimals');
  const micro = parseMoney(typed);
  if (micro === null) return keyMessage('resource.money_check.max', { max: formatMoney(limits.max ?? ORDER_MAX_MICRO) });
  if (micro < 0 || (micro === 0 && !limits.zero)) return keyMessage(limits.zero ? 'resource.money_check.not_negative' : 'resource.money_check.positive');
  if (limits.min !== undefined && micro < limits.min) return keyMessage('resource.money_check.min', { min: formatMoney(limits.min) });
  if (limits.balance !== undefined && micro > limits.balance) return keyMessage('resource.money_check.balance', { balance: formatMoney(limits.balance) });
  const max = limits.max ?? ORDER_MAX_MICRO;
  if (micro > max) return keyMessage('resource.money_check.max', { max: formatMoney(max) });
  return undefined;
}

/** The hint under a money input: its unit, and the minimum and balance when it has them. */
export function moneyHint(limits: MoneyLimits): UserMessage {
  const min = limits.min !== undefined ? formatMoney(limits.min) : undefined;
  const balance = limits.balance !== undefined ? formatMoney(limits.balance) : undefined;
  if (min !== undefined && balance !== undefined) return keyMessage('resource.money_hint.min_balance', { min, balance });
  if (min !== undefined) return keyMessage('resource.money_hint.min', { min });
  if (balance !== undefined) return keyMessage('resource.money_hint.balance', { balance });
  return keyMessage('resource.money_helper');
}

/** The caller's own balance as the store knows it (live: see the balance saga). */
export const ownBalance = (ctx: FieldContext): number | undefined => ctx.user?.balance_micro;
/** pay_config.min_recharge (a decimal in USDT) in micro-units. */
export const minRecharge = (ctx: Pick<FieldContext, 'payConfig'>): number | undefined =>
  ctx.payConfig ? Math.round(ctx.payConfig.min_recharge * MICRO_PER_UNIT) : undefined;

/**
 * A `*_micro` amount typed as a decimal (contracts/money.ts): '12.5' ↔ 12_500_000, never rounded. Its own
 * check speaks as the user types (positive, 6 decimals, the minimum, the balance); text that is not an amount
 * parses to NaN, which the contract refuses too, so nothing wrong is ever sent.
 */
export function moneyField(name: string, extra: Partial<FieldOverride> & { limits?(ctx: FieldContext): MoneyLimits } = {}): FieldOverride {
  const { limits = () => ({}), ...rest } = extra;
  return {
    name,
    kind: 'text',
    parse: (text) => parseMoney(text) ?? Number.NaN,
    format: (value) => (typeof value === 'number' ? formatMoney(value) : ''),
    check: (text, ctx) => moneyProblem(text, limits(ctx)),
    hint: (ctx) => moneyHint(limits(ctx)),
    ...rest,
  };
}

/** A money cell's text (lists and CSV). */
export const moneyText = (micro: number): string => formatMoney(micro);
