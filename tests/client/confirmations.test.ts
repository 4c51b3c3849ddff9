// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { i18n } from 'i18next';
import { createI18n, loadResources } from '../../client/app/i18n.ts';
import { questionOf, removalQuestion } from '../../client/resources/confirm.ts';
import { allResources } from '../../client/resources/define.ts';
import type { ActionDecl, ConfirmDecl, ResourceDecl } from '../../client/resources/types.ts';
import { LOCALES } from '../../contracts/index.ts';

/**
 * Every action of every list screen, as declared: one that deletes, clears or ends something, or moves money,
 * asks its own question (what, how many, for whom, how much, undoable) — never the generic "apply to N
 * records?" — and that question reads in both languages with the values of a row, no key or blank left.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const DESTRUCTIVE = /(remove|clear|purge|delete|release|restart|disable|force_refresh|disconnect)/;
const MONEY = /(withdraw|recharge|buy|pay|wallet|balance|order|combo|collect|ledger|usdt|tron|transfer|approve|refund)/;

interface Found {
  resource: ResourceDecl;
  action: ActionDecl<unknown>;
  what: string;
}

function actionsOf(decls: ResourceDecl[]): Found[] {
  return decls.flatMap((resource) =>
    (resource.actions ?? []).map((action) => {
      const call = action.kind === 'call' ? action.call.path : action.kind === 'form' ? action.form.call.path : '';
      return { resource, action, what: `${call} ${action.id} ${action.label}` };
    }),
  );
}

/** An action never offered as a button (`visible: () => false`): another dialog runs it after its own question. */
const neverOffered = (action: ActionDecl<unknown>) => action.visible !== undefined && action.visible.length === 0 && action.visible(undefined) === false;

const needsOwnQuestion = ({ action, what }: Found) =>
  action.kind !== 'dialog' && !neverOffered(action) && (action.intent === 'danger' || ('confirm' in action && action.confirm === 'danger') || DESTRUCTIVE.test(what) || MONEY.test(what));

let found: Found[] = [];
const languages: Partial<Record<string, i18n>> = {};

beforeAll(async () => {
  // Every screen module the console registers (client/app/screens.ts), so every declaration is in the registry.
  const table = fs.readFileSync(path.join(ROOT, 'client/app/screens.ts'), 'utf8');
  const modules = [...table.matchAll(/import\('\.\.\/(features\/[^']+)'\)/g)].map((m) => path.join(ROOT, 'client', m[1]));
  for (const m of modules) await import(m);
  found = actionsOf(allResources());
  for (const lng of LOCALES) languages[lng] = createI18n(lng, await loadResources(lng));
}, 120_000);

describe('confirmations declared per action', () => {
  it('walks the actions of the list screens', () => {
    expect(allResources().length).toBeGreaterThan(40);
    expect(found.filter(needsOwnQuestion).length).toBeGreaterThan(10);
  });

  it('a destructive or money action asks its own question, not the generic one', () => {
    const generic = found
      .filter(needsOwnQuestion)
      // A form that leads with what it does is its own question (its button is the action).
      .filter(({ action }) => !(action.kind === 'form' && action.lead))
      .filter(({ action }) => !('confirm' in action) || typeof action.confirm !== 'object')
      .map(({ resource, action }) => `${resource.name}:${action.id}`);
    expect(generic).toEqual([]);
  });

  it.each(LOCALES)('each declared question reads in %s with a row’s values (no key, no blank value)', (lng) => {
    const t = languages[lng]!.t;
    // Every field a marked text, but amounts (`*_micro`) and counts (`*_count`) numbers, as rows carry them.
    const row = new Proxy({}, { get: (_o, key) => (typeof key !== 'string' ? undefined : key.endsWith('_micro') ? 12_345_000 : key.endsWith('_count') ? 3 : `«${key}»`) });
    let asked = 0;
    for (const { resource, action } of found) {
      const spec = 'confirm' in action ? action.confirm : undefined;
      if (typeof spec !== 'object') continue;
      asked += 1;
      for (const rows of [[row], [row, row]]) {
        const { text, danger } = questionOf(t, spec as ConfirmDecl<unknown>, action, rows, { days: 30 });
        const where = `${resource.name}:${action.id}: ${text}`;
        expect(text, where).not.toMatch(/\b(resources|resource|enums)\.[a-z_]+/);
        expect(text, where).not.toMatch(/\{\{|undefined|NaN/);
        expect(danger, where).toBe(!spec.undoable);
        if (!spec.undoable) expect(text, where).toContain(t('resource.confirm.cannot_undo'));
      }
    }
    expect(asked).toBeGreaterThan(5);
  });

  it.each(LOCALES)('a form that leads with its question asks nothing more, and its lead reads in %s', (lng) => {
    const t = languages[lng]!.t;
    const row = new Proxy({}, { get: (_o, key) => (typeof key !== 'string' ? undefined : key.endsWith('_micro') ? 12_345_000 : `«${key}»`) });
    const leading = found.filter(({ action }) => action.kind === 'form' && action.lead);
    expect(leading.map(({ resource, action }) => `${resource.name}:${action.id}`)).toContain('withdrawal_list:reject');
    for (const { resource, action } of leading) {
      if (action.kind !== 'form' || !action.lead) continue;
      const where = `${resource.name}:${action.id}`;
      // Asked twice before: the form said it, then an Alert said it again (and Escape did not close that one).
      expect(action.confirm, where).toBeUndefined();
      const lead = action.lead([row]);
      const text = 'key' in lead ? String(t(lead.key, lead.vars ?? {})) : lead.text;
      expect(text, where).not.toMatch(/\b(resources|resource|enums)\.[a-z_]+|\{\{|undefined|NaN/);
      expect(text.trim(), where).not.toBe('');
    }
  });

  it.each(LOCALES)('a delete without its own question names what it removes, in %s', (lng) => {
    const t = languages[lng]!.t;
    const row = new Proxy({}, { get: (_o, key) => (typeof key !== 'string' ? undefined : key.endsWith('_micro') ? 12_345_000 : `«${key}»`) });
    // Trees (no columns) ask their own question naming the node (resource.tree.confirm_remove).
    const generic = allResources().filter((d) => d.remove && !d.remove.confirm && d.columns.length > 0);
    expect(generic.map((d) => d.name)).toContain('url_key_platform');
    const unnamed: string[] = [];
    for (const decl of generic) {
      for (const [rows, permanent] of [[[row], true], [[row, row], false]] as const) {
        const { text, danger } = removalQuestion(t, decl.columns, rows, rows.length, permanent);
        // Once "Delete 1 record?": now the row's name, as the list shows it.
        if (!/«\w+»/.test(text)) unnamed.push(`${decl.name}: ${text}`);
        expect(text, decl.name).not.toMatch(/\b(resources|resource)\.[a-z_]+|\{\{|undefined/);
        expect(danger).toBe(true);
      }
    }
    expect(unnamed).toEqual([]);
  });

  it('restarting the visit service asks first; the other scripts run at once', () => {
    const run = found.find((f) => f.resource.name === 'script' && f.action.id === 'run')!.action;
    const spec = 'confirm' in run ? run.confirm : undefined;
    expect(typeof spec).toBe('object');
    const decl = spec as ConfirmDecl<unknown>;
    expect(decl.when?.({ server_id: 1, script: 2 })).toBe(true);
    expect(decl.when?.({ server_id: 1, script: 1 })).toBe(false);
  });
});
