import { beforeEach, describe, expect, it } from 'vitest';
import type { Page, RequestOf, UrlKeyPlatform, urlKeyPlatformAdd } from '../../contracts/index.ts';
import { urlKeyPlatforms } from '../../fixtures/seed/catalog.ts';
import { resetDatabase } from '../../mock-server/seed/seed.ts';
import { formatDateTime } from '../../mock-server/services/clock.ts';
import { manualClock } from '../helpers/clock.ts';
import { snapshot } from '../helpers/db-snapshot.ts';
import { failureBody } from '../helpers/qr.ts';
import { rowsOf, valueOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** url_key_platform/add, inquire (with data_only), update and remove: the short-URL platforms. */

const FORBIDDEN = 'You do not have permission for this operation';
const clock = manualClock(Date.parse('2026-03-01T10:00:00Z'));
const { t } = useApiServer({ clock });
const tokens: Record<string, string> = {};
// Each case starts from the seeded platforms: after a case that changed them, the database is seeded again
// (which also ends the sessions, so everyone logs in again). Refusals change nothing and need no reset.
let seeded: ReturnType<typeof snapshot> | undefined;
beforeEach(async () => {
  const now = snapshot(t.db, { only: ['url_key_platforms'] });
  if (seeded && JSON.stringify(now) === JSON.stringify(seeded)) return;
  if (seeded) resetDatabase(t.services);
  seeded = snapshot(t.db, { only: ['url_key_platforms'] });
  for (const account of ['superadmin', 'admin01', 'agent01', 'customer01']) tokens[account] = await t.login(account);
});

const failure = failureBody;
const pageOf = (data: unknown) => data as Page<UrlKeyPlatform>;
const names = (data: unknown) => pageOf(data).content.map((p) => p.name);
/** The stored platforms that hold a key, in id order. */
const keyed = () => rowsOf<{ id: number; key: string }>(t.db, 'url_key_platforms', {}, { columns: ['id', 'key'] }).filter((p) => p.key !== '');
/** Seeded platforms in list order: larger sort first (§9). */
const seededNames = [...urlKeyPlatforms].sort((a, b) => b.sort - a.sort).map((p) => p.name);

/** A valid new platform; tests override one field at a time. */
function buildPlatform(overrides: Record<string, unknown> = {}): RequestOf<typeof urlKeyPlatformAdd> & Record<string, unknown> {
  return { name: '短链平台 C', url: 'https://c.example.com/api/short', short_code_type: 6, ...overrides };
}

describe('url_key_platform secrets (issue 20)', () => {
  it('never answers a key to anyone; a non-administrator reads shown platforms by name and type only', async () => {
    const stored = keyed().length;
    expect(stored).toBeGreaterThan(0);
    for (const who of ['superadmin', 'admin01', 'agent01', 'customer01']) {
      const res = await t.call('url_key_platform/inquire', { data_only: 1 }, tokens[who]);
      expect(res.status).toBe(200);
      for (const p of pageOf(res.body.data).content) expect(['', '******']).toContain(p.key);
      expect(JSON.stringify(res.body)).not.toMatch(/demo-key|k-123/);
    }
    for (const who of ['agent01', 'customer01']) {
      const rows = pageOf((await t.call('url_key_platform/inquire', { data_only: 1 }, tokens[who])).body.data).content;
      expect(rows.map((p) => p.name)).toEqual(seededNames.filter((n) => n !== '短链平台 B'));
      for (const p of rows) expect(p).toMatchObject({ url: '', remark: '', show_status: 1 });
      // Asking for hidden ones changes nothing.
      const hidden = await t.call('url_key_platform/inquire', { data_only: 1, show_status: 2 }, tokens[who]);
      expect(pageOf(hidden.body.data).content.map((p) => p.name)).toEqual(rows.map((p) => p.name));
    }
  });

  it('the mask sent back on an update keeps the stored key; a new key replaces it', async () => {
    const row = keyed()[0]!;
    const kept = await t.call('url_key_platform/update', { id: row.id, key: '******', remark: 'r' }, tokens.admin01);
    expect(kept.status, kept.body.message).toBe(200);
    expect(valueOf(t.db, 'url_key_platforms', 'key', row.id)).toBe(row.key);
    await t.call('url_key_platform/update', { id: row.id, key: 'fresh-key' }, tokens.admin01);
    expect(valueOf(t.db, 'url_key_platforms', 'key', row.id)).toBe('fresh-key');
  });
});

describe('url_key_platform/inquire', () => {
  it('with data_only answers every row in one page, whatever page_size says (start-up list)', async () => {
    const res = await t.call('url_key_platform/inquire', { data_only: 1, page_size: 1, page: 3 }, tokens.admin01);
    expect(res.status).toBe(200);
    expect(names(res.body.data)).toEqual(seededNames);
    expect(pageOf(res.body.data).total).toBe(seededNames.length);
  });

  it('without data_only pages normally', async () => {
    const res = await t.call('url_key_platform/inquire', { page: 2, page_size: 2 }, tokens.admin01);
    expect(res.body.data).toEqual({ content: [expect.objectContaining({ name: seededNames[2] })], total: 3 });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['a name part', { name: 'A' }, ['短链平台 A']],
    ['a name part that matches several', { name: '短链平台' }, ['短链平台 A', '短链平台 B']],
    ['show_status 2', { show_status: 2 }, ['短链平台 B']],
    ['a name with a LIKE wildcard, taken literally', { name: '%' }, []],
    ['a name with an underscore, taken literally', { name: '_' }, []],
    ['a quote', { name: "' OR 1=1 --" }, []],
  ])('filters by %s', async (_name, filter, expected) => {
    const res = await t.call('url_key_platform/inquire', { data_only: 1, ...filter }, tokens.admin01);
    expect(res.status).toBe(200);
    expect(names(res.body.data)).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, string | RegExp]>([
    ['data_only 2', { data_only: 2 }, /^data_only: /],
    ['data_only true', { data_only: true }, /^data_only: /],
    ['a name over 64 characters', { name: 'n'.repeat(65) }, /^name: /],
    ['show_status 0', { show_status: 0 }, 'show_status: Choose one of the options'],
    ['page_size 500', { page_size: 500 }, /^page_size: /],
    ['an extra field', { key: 'demo-key-a' }, 'key: This page sent something the server does not take; reload the page and try again'],
  ])('refuses %s with 400', async (_name, body, message) => {
    expect(await t.call('url_key_platform/inquire', body, tokens.customer01)).toEqual({ status: 400, body: failure(message) });
  });
});

describe('url_key_platform/add', () => {
  it('adds a platform with defaults for what was not sent, and it shows in the list', async () => {
    const res = await t.call('url_key_platform/add', buildPlatform(), tokens.admin01);
    expect(res.status, res.body.message).toBe(200);
    const added = res.body.data as UrlKeyPlatform;
    expect(added).toEqual({
      id: expect.any(Number),
      name: '短链平台 C',
      url: 'https://c.example.com/api/short',
      key: '',
      short_code_type: 6,
      show_status: 1,
      sort: 0,
      remark: '',
      create_time: formatDateTime(clock.now()),
    });
    const list = await t.call('url_key_platform/inquire', { data_only: 1 }, tokens.admin01);
    expect(names(list.body.data)).toEqual([...seededNames, '短链平台 C']);
  });

  it('keeps every field sent, trimming the name', async () => {
    const body = buildPlatform({ name: '  带空格  ', key: 'k-123', show_status: 2, sort: 99, remark: '备注' });
    const res = await t.call('url_key_platform/add', body, tokens.superadmin);
    // The key is write-only (issue 20): stored, answered masked.
    expect(res.body.data).toMatchObject({ name: '带空格', key: '******', show_status: 2, sort: 99, remark: '备注' });
    expect(valueOf(t.db, 'url_key_platforms', 'key', { name: '带空格' })).toBe('k-123');
  });

  it.each<[string, Record<string, unknown>, string | RegExp]>([
    ['the name is missing', buildPlatform({ name: undefined }), /^name: /],
    ['the name is blank', buildPlatform({ name: '   ' }), 'name: name may not be empty'],
    ['the name is over 64 characters', buildPlatform({ name: 'n'.repeat(65) }), /^name: /],
    ['the url is missing', buildPlatform({ url: undefined }), /^url: /],
    ['the url is ftp', buildPlatform({ url: 'ftp://c.example.com/' }), 'url: enter a web address starting with http:// or https://'],
    ['the url is javascript:', buildPlatform({ url: 'javascript:alert(1)' }), 'url: enter a web address starting with http:// or https://'],
    ['the url is not a url', buildPlatform({ url: 'c.example.com' }), 'url: enter a web address starting with http:// or https://'],
    ['the short-code type is 14', buildPlatform({ short_code_type: 14 }), /^short_code_type: /],
    ['the short-code type is text', buildPlatform({ short_code_type: '6' }), /^short_code_type: /],
    ['show_status is 0', buildPlatform({ show_status: 0 }), 'show_status: Choose one of the options'],
    ['the sort is negative', buildPlatform({ sort: -1 }), /^sort: /],
    ['the sort is fractional', buildPlatform({ sort: 1.5 }), /^sort: /],
    ['the key is over 256 characters', buildPlatform({ key: 'k'.repeat(257) }), /^key: /],
    ['the remark is over 512 characters', buildPlatform({ remark: 'r'.repeat(513) }), /^remark: /],
    ['the body picks the id', buildPlatform({ id: 1 }), 'id: This page sent something the server does not take; reload the page and try again'],
    ['the body picks the create time', buildPlatform({ create_time: '2020-01-01 00:00:00' }), 'create_time: This page sent something the server does not take; reload the page and try again'],
  ])('refuses with 400 when %s and adds nothing', async (_name, body, message) => {
    const before = snapshot(t.db);
    expect(await t.call('url_key_platform/add', body, tokens.admin01)).toEqual({ status: 400, body: failure(message) });
    expect(snapshot(t.db)).toEqual(before);
  });
});

describe('url_key_platform/update', () => {
  it('changes only the fields sent', async () => {
    const res = await t.call('url_key_platform/update', { id: 2, name: '短链平台 A2', show_status: 2 }, tokens.admin01);
    expect(res.status, res.body.message).toBe(200);
    const seeded = urlKeyPlatforms.find((p) => p.id === 2)!;
    expect(res.body.data).toMatchObject({ ...seeded, key: '******', name: '短链平台 A2', show_status: 2 });
  });

  it('with the id alone changes nothing and answers the row', async () => {
    // The administrator's call itself is audited (one logs row); the data stays as it was.
    const before = snapshot(t.db, { except: ['logs'] });
    const res = await t.call('url_key_platform/update', { id: 3 }, tokens.admin01);
    expect(res.body.data).toMatchObject({ ...urlKeyPlatforms.find((p) => p.id === 3)!, key: '******' });
    expect(snapshot(t.db, { except: ['logs'] })).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, number, string | RegExp]>([
    ['the id is missing', { name: 'x' }, 400, /^id: /],
    ['the id is 0', { id: 0, name: 'x' }, 400, /^id: /],
    ['the id is text', { id: '1', name: 'x' }, 400, /^id: /],
    ['the id does not exist', { id: 999, name: 'x' }, 404, 'Not found'],
    ['the name is blank', { id: 1, name: '' }, 400, 'name: name may not be empty'],
    ['the url is not http(s)', { id: 1, url: 'file:///etc/passwd' }, 400, 'url: enter a web address starting with http:// or https://'],
    ['the short-code type is 0', { id: 1, short_code_type: 0 }, 400, /^short_code_type: /],
    ['the body changes the create time', { id: 1, create_time: '2020-01-01 00:00:00' }, 400, 'create_time: This page sent something the server does not take; reload the page and try again'],
  ])('refuses when %s (%i) and changes nothing', async (_name, body, status, message) => {
    const before = snapshot(t.db);
    expect(await t.call('url_key_platform/update', body, tokens.admin01)).toEqual({ status, body: failure(message) });
    expect(snapshot(t.db)).toEqual(before);
  });
});

describe('url_key_platform/remove', () => {
  it('deletes the platforms named', async () => {
    expect(await t.call('url_key_platform/remove', { ids: [1, 3] }, tokens.admin01)).toEqual({ status: 200, body: { status: true, data: null } });
    const list = await t.call('url_key_platform/inquire', { data_only: 1 }, tokens.admin01);
    expect(names(list.body.data)).toEqual(['短链平台 A']);
  });

  it.each<[string, unknown, number, string | RegExp]>([
    ['one id does not exist: all or nothing', { ids: [1, 999] }, 404, 'Not found'],
    ['no ids', { ids: [] }, 400, /^ids: /],
    ['ids missing', {}, 400, /^ids: /],
    ['an id as text', { ids: ['1'] }, 400, /^ids\.0: /],
    ['a negative id', { ids: [-1] }, 400, /^ids\.0: /],
    ['over 500 ids', { ids: Array.from({ length: 501 }, (_, i) => i + 1) }, 400, /^ids: /],
    ['a single id instead of a list', { id: 1 }, 400, /^(ids: |id: This page sent)/],
  ])('refuses when %s (%i) and deletes nothing', async (_name, body, status, message) => {
    const before = snapshot(t.db);
    expect(await t.call('url_key_platform/remove', body, tokens.admin01)).toEqual({ status, body: failure(message) });
    expect(snapshot(t.db)).toEqual(before);
  });
});

describe('who may change platforms', () => {
  const changes: [string, Record<string, unknown>][] = [
    ['url_key_platform/add', buildPlatform()],
    ['url_key_platform/update', { id: 1, name: 'renamed' }],
    ['url_key_platform/remove', { ids: [1] }],
  ];
  it.each(changes.flatMap(([path, body]) => ['customer01', 'agent01'].map((account) => [account, path, body] as const)))(
    '%s calling %s gets 403 and changes nothing',
    async (account, path, body) => {
      const before = snapshot(t.db);
      expect(await t.call(path, body, tokens[account])).toEqual({ status: 403, body: failure(FORBIDDEN) });
      expect(snapshot(t.db)).toEqual(before);
    },
  );

  it.each(changes.flatMap(([path, body]) => ['admin01', 'superadmin'].map((account) => [account, path, body] as const)))(
    '%s may call %s',
    async (account, path, body) => {
      expect((await t.call(path, body, tokens[account])).status).toBe(200);
    },
  );

  it.each(['customer01', 'agent01', 'admin01'])('%s may read the list', async (account) => {
    expect((await t.call('url_key_platform/inquire', { data_only: 1 }, tokens[account])).status).toBe(200);
  });

  it('the permission check comes before validation: a customer learns nothing about the body', async () => {
    expect(await t.call('url_key_platform/add', { nonsense: true }, tokens.customer01)).toEqual({ status: 403, body: failure(FORBIDDEN) });
  });
});
