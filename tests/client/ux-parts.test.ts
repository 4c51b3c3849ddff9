import { describe, expect, it } from 'vitest';
import { contrast, primaryPalette } from '../../client/app/site-colour.ts';
import { fittingCount } from '../../client/app/layout/top-nav.tsx';
import { logTypeText } from '../../client/features/system/components/log-type-name.tsx';
import { columnsToDrop, priorityOf } from '../../client/resources/column-priority.ts';
import type { ColumnDecl } from '../../client/resources/types.ts';

type Row = { id: number; name: string; status: number; kind: number; create_time: string; owner_id: number; ip: string; visits: number; domain: string; city: string };

describe('column priorities', () => {
  it('keeps what the row is, its first state and its first figure; ids and dates go first', () => {
    const columns: ColumnDecl<Row>[] = [
      { field: 'id', kind: 'number' },
      { kind: 'custom', id: 'preview', render: () => null },
      { field: 'name', kind: 'text' },
      { field: 'status', kind: 'badge', intentOf: () => 'none' },
      { field: 'kind', kind: 'word', labels: 'x' },
      { field: 'owner_id', kind: 'number' },
      { field: 'visits', kind: 'number' },
      { field: 'create_time', kind: 'date' },
      { field: 'name', kind: 'text', priority: 3 },
    ];
    expect(columns.map((c, i) => priorityOf(c, i, columns))).toEqual([3, 2, 1, 1, 2, 3, 1, 3, 3]);
  });

  it('a cell of its own that names the row (an IP and its badge) stays; the first count is its figure', () => {
    // The visitor list once kept only its domain on a phone: the IP is a custom cell, the visits a number.
    const columns: ColumnDecl<Row>[] = [
      { kind: 'custom', id: 'ip', render: () => null, text: (r) => r.ip, names: true },
      { field: 'visits', kind: 'number' },
      { field: 'domain', kind: 'text' },
      { field: 'city', kind: 'text' },
    ];
    expect(columns.map((c, i) => priorityOf(c, i, columns))).toEqual([1, 1, 2, 2]);
  });

  it('leaves out the lowest priority first, the last declared first among equals, until the rest fits', () => {
    const columns: ColumnDecl<Row>[] = [
      { field: 'name', kind: 'text' },
      { field: 'domain', kind: 'text' },
      { field: 'city', kind: 'text' },
      { field: 'visits', kind: 'number' },
      { field: 'create_time', kind: 'date' },
    ];
    const width = () => 100;
    expect([...columnsToDrop(columns, 0, width)]).toEqual([]);
    expect([...columnsToDrop(columns, 50, width)]).toEqual([4]);
    expect([...columnsToDrop(columns, 150, width)]).toEqual([4, 2]);
    // Never what the row is or its figure: a table of those alone scrolls.
    expect([...columnsToDrop(columns, 10_000, width)].sort()).toEqual([1, 2, 4]);
    expect(columnsToDrop(columns, 150, width).fits).toBe(true);
    expect(columnsToDrop(columns, 10_000, width).fits).toBe(false);
  });
});

describe('site colour', () => {
  it.each(['#2d72d2', '#ffff00', '#808080', '#101010', '#8e2fb8', '#ffffff'])('%s stands out and carries readable text in both themes', (colour) => {
    for (const theme of ['light', 'dark'] as const) {
      const p = primaryPalette(colour, theme)!;
      const rest = p['--bp-intent-primary-rest'];
      expect(contrast(rest, theme === 'light' ? '#ffffff' : '#151515')).toBeGreaterThanOrEqual(3);
      expect(contrast(rest, p['--bp-intent-primary-foreground'])).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('ignores what is not a colour', () => {
    expect(primaryPalette('red', 'light')).toBeNull();
    expect(primaryPalette('', 'dark')).toBeNull();
  });
});

describe('log type names', () => {
  it('shows a renamed type by its new name, a built-in one by its translated label', () => {
    const t = (key: string) => `«${key}»`;
    expect(logTypeText({ type: 1, type_name: 'Sign-in' }, t)).toBe('Sign-in');
    expect(logTypeText({ type: 1, type_name: 'Login' }, t)).toBe('«enums.log_type.login»');
    expect(logTypeText({ type: 2 }, t)).toBe('«enums.log_type.login_failed»');
  });
});

describe('top-menu folding', () => {
  it('shows all that fit, else keeps room for "More"', () => {
    expect(fittingCount([100, 100, 100], 400)).toBe(3);
    expect(fittingCount([100, 100, 100, 100], 400)).toBe(2);
    expect(fittingCount([500], 400)).toBe(0);
  });
});
