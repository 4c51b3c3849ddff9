import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as enums from '../../contracts/enums.ts';
import { LOCALES, MENU_GROUPS, ROUTES, PUBLIC_ROUTES, sharedMessages } from '../../contracts/index.ts';
import { resourcesOf, type Tree } from '../../client/app/locale-resources.ts';
import { createI18n } from '../../client/app/i18n.ts';

const DIR = path.resolve(import.meta.dirname, '../../client/locales');

function load(lng: string): Tree {
  const files: Record<string, unknown> = {};
  for (const f of fs.readdirSync(path.join(DIR, lng))) {
    if (f.endsWith('.json')) files[`./${lng}/${f}`] = JSON.parse(fs.readFileSync(path.join(DIR, lng, f), 'utf8'));
  }
  return resourcesOf(files, sharedMessages[lng as (typeof LOCALES)[number]]);
}

function lookup(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);
}

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keysOf(v, `${prefix}${k}.`)));
}

const resources = Object.fromEntries(LOCALES.map((l) => [l, load(l)]));

describe.each(LOCALES)('%s texts', (lng) => {
  const tree = resources[lng];
  it('name every route, public page and menu group', () => {
    for (const name of [...ROUTES.map((r) => r.name), ...PUBLIC_ROUTES.filter((r) => !r.startsWith('admin_') && r !== 'maintain')]) {
      expect(lookup(tree, `menu.${name}`), `menu.${name}`).toEqual(expect.any(String));
    }
    for (const g of MENU_GROUPS) expect(lookup(tree, `menu.groups.${g}`), `menu.groups.${g}`).toEqual(expect.any(String));
  });

  it('label every button permission of the menu (common.actions.<button>)', () => {
    for (const b of new Set(ROUTES.flatMap((r) => r.buttons))) {
      expect(lookup(tree, `common.actions.${b}`), `common.actions.${b}`).toEqual(expect.any(String));
    }
  });

  it('label every member of every enum in contracts/enums.ts', () => {
    for (const e of Object.values(enums)) {
      for (const o of e.options) expect(lookup(tree, o.labelKey), o.labelKey).toEqual(expect.any(String));
    }
  });

  it('hold the shared validation and error messages of contracts', () => {
    expect(lookup(tree, 'validation.login_err_01')).toEqual(expect.any(String));
    expect(lookup(tree, 'errors.not_logged_in')).toEqual(expect.any(String));
  });
});

describe('zh-CN and en', () => {
  it('have the same keys (plural forms `_one`/`_other`… count as one key: Chinese has only `_other`)', () => {
    const plain = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');
    const [a, b] = LOCALES.map((l) => new Set(keysOf(resources[l]).map(plain)));
    expect([...a].filter((k) => !b.has(k)), 'only in zh-CN').toEqual([]);
    expect([...b].filter((k) => !a.has(k)), 'only in en').toEqual([]);
  });

  it('give real Chinese route labels (not copies of the English)', () => {
    for (const r of ROUTES) {
      const zh = lookup(resources['zh-CN'], `menu.${r.name}`) as string;
      expect(zh, r.name).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('plurals', () => {
  it('English counts through i18next _one/_other; Chinese has one form', () => {
    const en = createI18n('en', resources.en);
    expect(en.t('resource.confirm.remove', { count: 1 })).toBe('Delete 1 record?');
    expect(en.t('resource.confirm.remove', { count: 3 })).toBe('Delete 3 records?');
    expect(en.t('resource.confirm.action', { action: 'Enable', count: 1 })).toBe('Enable: apply to 1 record?');
    const zh = createI18n('zh-CN', resources['zh-CN']);
    expect(zh.t('resource.confirm.remove', { count: 1 })).toBe('确定删除 1 条记录？');
  });

  it('no English text hedges a count with "(s)"', () => {
    expect(keysOf(resources.en).filter((k) => /\{\{count\}\}.*\(s\)/.test(String(lookup(resources.en, k))))).toEqual([]);
  });
});
