import { describe, expect, it } from 'vitest';
import {
  authorityFor,
  defaultCustomerPath,
  firstLeafPath,
  isRouteGranted,
  navFromTree,
  navLeaves,
} from '../../client/state/menu.ts';
import { group, leaf } from './helpers/menu-tree.ts';

const tree = [
  group('statistics', [leaf('home', [], 1), leaf('today_statistics', [], 5)], 10),
  group('qr_codes', [leaf('qr_code_list', ['add', 'update', 'remove'])], 5),
  group('empty', [], 3),
  leaf('update_password', [], 0),
];

describe('navigation from the menu tree', () => {
  it('keeps type 1 items, sorts larger sort first, drops empty groups, names items by language variables', () => {
    const nav = navFromTree(tree);
    expect(nav.map((n) => n.labelKey)).toEqual(['menu.groups.statistics', 'menu.groups.qr_codes', 'menu.update_password']);
    const stats = nav[0];
    expect(stats.kind).toBe('group');
    expect(stats.kind === 'group' && stats.children.map((c) => c.labelKey)).toEqual(['menu.today_statistics', 'menu.home']);
  });

  it('never shows type 2 buttons as navigation', () => {
    const routes = navLeaves(navFromTree(tree)).map((l) => l.route);
    expect(routes).toEqual(['today_statistics', 'home', 'qr_code_list', 'update_password']);
    expect(routes).not.toContain('add');
  });

  it('falls back to the item name when there is no language variable', () => {
    const bare = { ...leaf('home'), language_variables: '' };
    expect(navFromTree([bare])[0].labelKey).toBe('home');
  });
});

describe('authority list', () => {
  it('is the button paths under the route', () => {
    expect(authorityFor(tree, 'qr_code_list')).toEqual(['add', 'update', 'remove']);
  });
  it('is empty for a route without buttons or not granted', () => {
    expect(authorityFor(tree, 'home')).toEqual([]);
    expect(authorityFor(tree, 'role')).toEqual([]);
  });
  it('ignores a button whose path looks like a route name', () => {
    const odd = [leaf('qr_code_list', ['home'])];
    expect(isRouteGranted(odd, 'home')).toBe(false);
  });
});

describe('first leaf and default path', () => {
  it('opens the first menu leaf (navigation order) under /customer', () => {
    expect(firstLeafPath(tree)).toBe('/customer/today_statistics');
    expect(firstLeafPath([group('qr_codes', [leaf('qr_code_list')]), leaf('home')])).toBe('/customer/qr_code_list');
  });
  it('has none for an empty menu or one with only empty groups', () => {
    expect(firstLeafPath([])).toBeNull();
    expect(firstLeafPath([group('empty', [])])).toBeNull();
  });
  it('sends /customer to today_statistics when granted, else to the first leaf', () => {
    expect(defaultCustomerPath(tree)).toBe('/customer/today_statistics');
    expect(defaultCustomerPath([leaf('qr_code_list'), leaf('home')])).toBe('/customer/qr_code_list');
    expect(defaultCustomerPath([])).toBeNull();
  });
});

describe('route granted check', () => {
  it('grants routes anywhere in the tree and nothing else', () => {
    expect(isRouteGranted(tree, 'qr_code_list')).toBe(true);
    expect(isRouteGranted(tree, 'update_password')).toBe(true);
    expect(isRouteGranted(tree, 'role')).toBe(false);
    expect(isRouteGranted(tree, '')).toBe(false);
  });
});
