import { describe, expect, it } from 'vitest';
import type { MallCategory, Page } from '../../contracts/index.ts';
import { mallCategories } from '../../fixtures/seed/catalog.ts';
import { formatDateTime } from '../../mock-server/services/clock.ts';
import { manualClock } from '../helpers/clock.ts';
import { ok, refusalChecker, failureBody } from '../helpers/qr.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** The category tree editor's calls: list (every show status), add, update (incl. moving), remove. */

const NOW = Date.parse('2026-03-01T10:00:00Z');
const { t, tok } = useApiServer({ clock: manualClock(NOW) }, { superadmin: 'superadmin', admin01: 'admin01', agent01: 'agent01', customer01: 'customer01' });
/** By account name, for the tables of cases. */
const tokens: Record<string, string> = tok;
const refusedUnchanged = refusalChecker(() => t);
const list = async () =>
  ok<Page<MallCategory>>(await t.call('mall_category/list', { page_size: 200 }, tokens.admin01));
const add = async (body: object) => ok<MallCategory>(await t.call('mall_category/add', body, tokens.admin01));
/** Titles in the default language (zh-CN, seeded) only. */
const zh = (title: string) => ({ titles: [{ language: 'zh-CN', title }] });

describe('mall_category/list', () => {
  it('answers every category, hidden ones too, larger sort first', async () => {
    const page = await list();
    expect(page.total).toBe(mallCategories.length);
    expect(page.content.map((c) => c.id)).toEqual(
      [...mallCategories].sort((a, b) => b.sort - a.sort || a.id - b.id).map((c) => c.id),
    );
    expect(page.content.some((c) => c.show_status === 2)).toBe(true);
  });

  it.each(['agent01', 'customer01'])(
    'is refused to %s (403) and without a session (401)',
    async (account) => {
      await refusedUnchanged('mall_category/list', {}, tokens[account], 403);
      await refusedUnchanged('mall_category/list', {}, undefined, 401);
    },
  );
});

describe('building a tree', () => {
  it('adds a child, moves it, refuses a loop, refuses removing a parent, then removes leaf first', async () => {
    const root = await add({ ...zh(' 测试根 '), sort: 5 });
    expect(root).toMatchObject({
      parent_id: 0,
      title: '测试根',
      show_status: 1,
      language: 'zh-CN',
      titles: [{ language: 'zh-CN', title: '测试根' }],
      create_time: formatDateTime(NOW),
    });
    const child = await add({ parent_id: root.id, ...zh('child') });
    const grandchild = await add({ parent_id: child.id, ...zh('grandchild'), show_status: 2 });

    // Moving the grandchild to the top level, then back under the child.
    expect(
      ok<MallCategory>(
        await t.call('mall_category/update', { id: grandchild.id, parent_id: 0 }, tokens.admin01),
      ).parent_id,
    ).toBe(0);
    expect(
      ok<MallCategory>(
        await t.call(
          'mall_category/update',
          { id: grandchild.id, parent_id: child.id, sort: 9 },
          tokens.admin01,
        ),
      ),
    ).toMatchObject({
      parent_id: child.id,
      sort: 9,
      title: 'grandchild',
    });

    // A node under itself or under its own descendant: 400 naming parent_id, nothing changes.
    await refusedUnchanged(
      'mall_category/update',
      { id: root.id, parent_id: root.id },
      tokens.admin01,
      400,
      /^parent_id: .*itself/,
    );
    await refusedUnchanged(
      'mall_category/update',
      { id: root.id, parent_id: grandchild.id },
      tokens.admin01,
      400,
      /^parent_id: /,
    );
    await refusedUnchanged(
      'mall_category/update',
      { id: root.id, parent_id: 99_999 },
      tokens.admin01,
      400,
      'parent_id: the parent category does not exist',
    );
    await refusedUnchanged(
      'mall_category/add',
      { parent_id: 99_999, ...zh('x') },
      tokens.admin01,
      400,
      /^parent_id: /,
    );

    // Removing while children exist: 409, in the caller's language.
    await refusedUnchanged(
      'mall_category/remove',
      { ids: [child.id] },
      tokens.admin01,
      409,
      'This category still has subcategories; move or remove them first',
    );
    const inZh = await t.call('mall_category/remove', { ids: [root.id] }, tokens.admin01, 'zh-CN');
    expect(inZh).toEqual({
      status: 409,
      body: failureBody('该分类下还有子分类，请先移走或删除子分类'),
    });

    for (const id of [grandchild.id, child.id, root.id])
      ok(await t.call('mall_category/remove', { ids: [id] }, tokens.admin01));
    expect((await list()).total).toBe(mallCategories.length);
  });
});

describe('bad input and the wrong role change nothing', () => {
  it.each([
    ['add without titles', 'mall_category/add', {}, 400, /^titles: /],
    ['add with a blank title', 'mall_category/add', zh('   '), 400, 'titles.0.title: title may not be empty'],
    ['add with no title at all', 'mall_category/add', { titles: [] }, 400, /^titles: /],
    ['add with the old single title', 'mall_category/add', { title: 'x' }, 400, /title/],
    [
      'add with an unknown show status',
      'mall_category/add',
      { ...zh('x'), show_status: 3 },
      400,
      /^show_status: /,
    ],
    ['add with a negative sort', 'mall_category/add', { ...zh('x'), sort: -1 }, 400, /^sort: /],
    ['add with an extra field', 'mall_category/add', { ...zh('x'), owner: 1 }, 400, 'owner: This page sent something the server does not take; reload the page and try again'],
    ['update of a missing id', 'mall_category/update', { id: 99_999, ...zh('x') }, 404, undefined],
    ['update without an id', 'mall_category/update', zh('x'), 400, /^id: /],
    ['remove of a missing id', 'mall_category/remove', { ids: [99_999] }, 404, undefined],
  ] as const)('%s', async (_name, path, body, status, message) => {
    await refusedUnchanged(path, body, tokens.admin01, status, message);
  });

  it.each(['add', 'update', 'remove'] as const)(
    '%s is refused to agents and customers (403)',
    async (verb) => {
      const body = verb === 'add' ? zh('x') : { id: 1, ...(verb === 'update' ? zh('x') : {}) };
      for (const account of ['agent01', 'customer01'])
        await refusedUnchanged(`mall_category/${verb}`, body, tokens[account], 403);
    },
  );
});
