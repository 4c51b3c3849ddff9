import { describe, expect, it } from 'vitest';
import { moneyHint, moneyProblem } from '../../client/resources/money-field.ts';
import { ratioProblem } from '../../client/resources/ratio-field.ts';

/** Each wrong amount or ratio gets its own message (issue 21: -5, 0, "abc", "1e3" all said "at most 6 decimals"). */
const key = (m: ReturnType<typeof moneyProblem>) => (m && 'key' in m ? [m.key, m.vars ?? {}] : m);

describe('moneyProblem', () => {
  const withdrawal = { min: 10_000_000, balance: 88_000_000 };
  it.each([
    ['', undefined],
    ['12.5', undefined],
    ['88', undefined],
    ['abc', ['resource.money_check.format', {}]],
    ['1e3', ['resource.money_check.format', {}]],
    ['1,5', ['resource.money_check.format', {}]],
    ['12.', ['resource.money_check.format', {}]],
    ['12.1234567', ['resource.money_check.decimals', {}]],
    ['-5', ['resource.money_check.positive', {}]],
    ['0', ['resource.money_check.positive', {}]],
    ['0.000000', ['resource.money_check.positive', {}]],
    ['5', ['resource.money_check.min', { min: '10' }]],
    ['9.999999', ['resource.money_check.min', { min: '10' }]],
    ['88.000001', ['resource.money_check.balance', { balance: '88' }]],
    ['2000000', ['resource.money_check.balance', { balance: '88' }]],
  ])('withdrawal %j → %j', (text, expected) => {
    expect(key(moneyProblem(text, withdrawal))).toEqual(expected);
  });

  it('over the largest single order without a balance to compare; 0 allowed where a price may be free', () => {
    expect(key(moneyProblem('2000000'))).toEqual(['resource.money_check.max', { max: '1000000' }]);
    expect(key(moneyProblem('99999999999'))).toEqual(['resource.money_check.max', { max: '1000000' }]);
    expect(moneyProblem('0', { zero: true })).toBeUndefined();
    expect(key(moneyProblem('-1', { zero: true }))).toEqual(['resource.money_check.not_negative', {}]);
  });

  it('the hint names the minimum and the balance it checks', () => {
    expect(moneyHint({ min: 10_000_000, balance: 1_280_500_000 })).toEqual({ key: 'resource.money_hint.min_balance', vars: { min: '10', balance: '1280.5' } });
    expect(moneyHint({ min: 10_000_000 })).toEqual({ key: 'resource.money_hint.min', vars: { min: '10' } });
    expect(moneyHint({})).toEqual({ key: 'resource.money_helper' });
  });
});

describe('ratioProblem', () => {
  it.each([
    ['30', undefined],
    ['12.34', undefined],
    ['100', undefined],
    ['0', undefined],
    ['150', 'resource.ratio_check.range'],
    ['-5', 'resource.ratio_check.range'],
    ['12.345', 'resource.ratio_check.decimals'],
    ['abc', 'resource.ratio_check.format'],
    ['1e2', 'resource.ratio_check.format'],
  ])('%j → %j', (text, expected) => {
    const m = ratioProblem(text);
    expect(m && 'key' in m ? m.key : m).toBe(expected);
  });
});
