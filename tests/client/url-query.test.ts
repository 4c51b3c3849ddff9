import { describe, expect, it } from 'vitest';
import { urlKeyPlatformResource } from '../../client/features/qr-codes/screens/url-key-platform-screen.tsx';
import { filterFields } from '../../client/resources/fields.ts';
import { pageTitleKey } from '../../client/app/page-title.tsx';
import { applyQueryPatch, initialResourceState, resourcesSlice, resourceEvents as ev } from '../../client/resources/resource-slice.ts';
import { queryFromSearch, queryToSearch, sameUrlQuery, type UrlQuery, type UrlQueryShape } from '../../client/resources/url-query.ts';

/** A list's query ↔ its address: what is written, what is read back, and what a hostile address cannot do. */
const shape: UrlQueryShape = { pageSize: 20, filters: filterFields(urlKeyPlatformResource), sortable: ['id', 'name', 'sort'] };
const DEFAULT: UrlQuery = { page: 1, pageSize: 20, filters: {}, sort: null };
const read = (search: string) => queryFromSearch(new URLSearchParams(search), shape);

describe('list query in the address', () => {
  it('writes nothing for the default query and only what was chosen otherwise', () => {
    expect(queryToSearch(DEFAULT, shape).toString()).toBe('');
    const q: UrlQuery = { page: 3, pageSize: 50, filters: { name: 'Plat form', show_status: 2 }, sort: { field: 'sort', desc: true } };
    expect(queryToSearch(q, shape).toString()).toBe('page=3&page_size=50&sort=-sort&name=Plat+form&show_status=2');
  });

  it('reads back what it wrote, values in their request types', () => {
    const q: UrlQuery = { page: 2, pageSize: 100, filters: { name: '平台', show_status: 1 }, sort: { field: 'name', desc: false } };
    const back = read(queryToSearch(q, shape).toString());
    expect(back).toEqual(q);
    expect(typeof back.filters.show_status).toBe('number');
    expect(sameUrlQuery(q, back, shape)).toBe(true);
  });

  it.each([
    ['page=0&page_size=7', DEFAULT],
    ['page=-2&page_size=1000000', DEFAULT],
    ['page=1e3&page_size=abc', DEFAULT],
    ['sort=password', DEFAULT],
    ['sort=-__proto__', DEFAULT],
    ['show_status=9', DEFAULT], // not one of the enum's options
    ['show_status=abc', DEFAULT],
    ['token=x&page_size=20&key=secret', DEFAULT], // not filters of this list
    ['name=', DEFAULT],
  ])('ignores what the list does not offer: ?%s', (search, expected) => {
    expect(read(search)).toEqual(expected);
  });

  it('a change of filter, sort or size starts at page 1; a page change keeps the rest', () => {
    const q: UrlQuery = { page: 4, pageSize: 20, filters: { name: 'a' }, sort: null };
    expect(applyQueryPatch(q, { filters: { name: 'b' } }).page).toBe(1);
    expect(applyQueryPatch(q, { sort: { field: 'id', desc: true } }).page).toBe(1);
    expect(applyQueryPatch(q, { pageSize: 50 }).page).toBe(1);
    expect(applyQueryPatch(q, { page: 5 })).toEqual({ ...q, page: 5 });
  });

  it('opening with the address query sets it; opening again with the same query changes nothing (no reload loop)', () => {
    const q: UrlQuery = { page: 2, pageSize: 50, filters: { name: 'x' }, sort: null };
    const s1 = resourcesSlice.reducer({}, ev.opened({ resource: 'r', pageSize: 20, query: q }));
    expect(s1.r!.query).toEqual({ ...initialResourceState(20).query, ...q });
    const s2 = resourcesSlice.reducer(s1, ev.opened({ resource: 'r', pageSize: 20, query: q }));
    expect(s2).toBe(s1);
    // Without an address query (a nested list), an earlier visit's query stays.
    expect(resourcesSlice.reducer(s1, ev.opened({ resource: 'r', pageSize: 20 }))).toBe(s1);
  });
});

describe('page titles', () => {
  it.each([
    ['/customer/qr_code_list', 'menu.qr_code_list'],
    ['/customer/no_such_route', null],
    ['/admin_login', 'auth.login.title'],
    ['/share_access', 'menu.share_access'],
    ['/nowhere', null],
  ])('%s → %s', (path, key) => {
    expect(pageTitleKey(path)).toBe(key);
  });
});
