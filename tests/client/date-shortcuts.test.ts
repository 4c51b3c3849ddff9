import { describe, expect, it } from 'vitest';
import { rangePresets } from '../../client/features/statistics/range-presets.ts';
import { formatDay, NEXT_SHORTCUTS, PAST_SHORTCUTS, shortcutRange } from '../../client/resources/date-shortcuts.ts';

const days = (s: Parameters<typeof shortcutRange>[0], today: Date) => shortcutRange(s, today).map(formatDay);

describe('spec §9 date shortcuts', () => {
  it('count a week as 7 days and months as calendar months, today included', () => {
    const today = new Date(2026, 10, 29, 15, 30);
    expect(days('last_week', today)).toEqual(['2026-11-23', '2026-11-29']);
    expect(days('last_month', today)).toEqual(['2026-10-30', '2026-11-29']);
    // Three calendar months back, not 90 days (which would start on 2026-09-01).
    expect(days('last_three_months', today)).toEqual(['2026-08-30', '2026-11-29']);
    expect(days('next_week', today)).toEqual(['2026-11-29', '2026-12-05']);
    expect(days('next_month', today)).toEqual(['2026-11-29', '2026-12-28']);
    // 29 February 2027 does not exist: the three months end with February.
    expect(days('next_three_months', today)).toEqual(['2026-11-29', '2027-02-28']);
  });

  it('a month from the 31st is the whole month back, and to February’s end ahead', () => {
    expect(days('last_month', new Date(2026, 2, 31))).toEqual(['2026-03-01', '2026-03-31']);
    expect(days('next_month', new Date(2026, 0, 31))).toEqual(['2026-01-31', '2026-02-28']);
    expect(days('next_month', new Date(2026, 0, 15))).toEqual(['2026-01-15', '2026-02-14']);
  });

  it('are the same in the dashboards’ presets as in every date picker', () => {
    const today = new Date(2026, 10, 29);
    expect(rangePresets.map((p) => p.values(today).start_date)).toEqual(PAST_SHORTCUTS.map((s) => days(s, today)[0]));
    expect(NEXT_SHORTCUTS).toHaveLength(3);
  });
});
