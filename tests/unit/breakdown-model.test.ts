import { describe, expect, it } from 'vitest';
import type { BreakdownCell } from '../../contracts/index.ts';
import { breakdownRows, toggleHighlight, BREAKDOWN_DIMENSIONS } from '../../client/resources/dashboard/breakdown-model.ts';

const cell = (over: Partial<BreakdownCell>, view_number: number): BreakdownCell => ({
  device: 'mobile',
  os: 'iOS',
  browser: 'WeChat',
  country: '中国',
  province: '广东',
  city: '深圳',
  carrier: 'mobile',
  ...over,
  view_number,
});

const CELLS: BreakdownCell[] = [
  cell({}, 10),
  cell({ os: 'Android', browser: 'Chrome', city: '广州', carrier: 'telecom' }, 6),
  cell({ device: 'pc', os: 'Windows', browser: 'Chrome', province: '北京', city: '北京', carrier: 'unicom' }, 3),
  cell({ device: 'other', os: '', browser: '', country: '', province: '', city: '', carrier: '' }, 1),
];

describe('breakdown rows and cross-highlighting', () => {
  it('groups the cells per breakdown, most first; every breakdown adds up to the same total', () => {
    expect(breakdownRows(CELLS, 'browser', null).map((r) => [r.key, r.total])).toEqual([
      ['WeChat', 10],
      ['Chrome', 9],
      ['', 1],
    ]);
    expect(breakdownRows(CELLS, 'city', null).map((r) => r.key)).toEqual(['中国 广东 深圳', '中国 广东 广州', '中国 北京', '']);
    expect(breakdownRows(CELLS, 'province', null).map((r) => [r.key, r.total])).toEqual([
      ['中国 广东', 16],
      ['中国 北京', 3],
      ['', 1],
    ]);
    for (const d of BREAKDOWN_DIMENSIONS) expect(breakdownRows(CELLS, d, null).reduce((a, r) => a + r.total, 0)).toBe(20);
    expect(breakdownRows(CELLS, 'os', null).every((r) => r.highlighted === 0 && !r.selected)).toBe(true);
  });

  it('a highlighted row cuts the other breakdowns: each row shows how many highlighted visits fall there', () => {
    const hl = { dimension: 'browser', key: 'Chrome' } as const;
    expect(breakdownRows(CELLS, 'carrier', hl).map((r) => [r.key, r.total, r.highlighted])).toEqual([
      ['mobile', 10, 0],
      ['telecom', 6, 6],
      ['unicom', 3, 3],
      ['', 1, 0],
    ]);
    expect(breakdownRows(CELLS, 'device', hl).find((r) => r.key === 'mobile')).toMatchObject({ total: 16, highlighted: 6 });
    // In its own breakdown only the chosen row is marked and holds the highlighted visits.
    const own = breakdownRows(CELLS, 'browser', hl);
    expect(own.filter((r) => r.selected).map((r) => r.key)).toEqual(['Chrome']);
    expect(own.map((r) => r.highlighted)).toEqual([0, 9, 0]);
    // The highlighted visits are the same number seen from any breakdown.
    for (const d of BREAKDOWN_DIMENSIONS) expect(breakdownRows(CELLS, d, hl).reduce((a, r) => a + r.highlighted, 0)).toBe(9);
  });

  it('the unknown row can be highlighted too', () => {
    const rows = breakdownRows(CELLS, 'device', { dimension: 'province', key: '' });
    expect(rows.map((r) => [r.key, r.highlighted])).toEqual([
      ['mobile', 0],
      ['pc', 0],
      ['other', 1],
    ]);
  });

  it('clicking the highlighted row again clears; another row moves the highlight', () => {
    const a = { dimension: 'os', key: 'iOS' } as const;
    expect(toggleHighlight(null, a)).toEqual(a);
    expect(toggleHighlight(a, { ...a })).toBeNull();
    expect(toggleHighlight(a, { dimension: 'city', key: 'iOS' })).toEqual({ dimension: 'city', key: 'iOS' });
  });
});
