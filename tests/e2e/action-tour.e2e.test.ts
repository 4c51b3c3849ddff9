import { Classes } from '@blueprintjs/core';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, ROUTES as ROUTE_INFO, type ControlBody, type UserInfo } from '../../contracts/index.ts';
import { allResources } from '../../client/resources/define.ts';
import { formFields, labelsOf } from '../../client/resources/fields.ts';
import type { SettingsDecl } from '../../client/resources/settings/define-settings.ts';
import type { ActionDecl, FormDecl, ResourceDecl } from '../../client/resources/types.ts';
import { useConsole } from './helpers/console.ts';
import { valueFor } from './helpers/form-data.ts';
import { openInLook } from './helpers/look.ts';
import { texts } from './helpers/texts.ts';

/**
 * Issue 23 point 6: the action tour, generated from the declarations. As the super administrator, for every route
 * of client/app/screens.ts whose screen is a list declaration, it opens every toolbar action and every row action
 * on a seeded row, and submits each non-destructive form once with data derived from its call's request schema
 * and the form declaration (helpers/form-data.ts). A removal, or an action declared with its own question
 * (ConfirmDecl: destructive or money) is opened and cancelled. A submit must end in a success (or job) toast or
 * a message on the form; no step may raise a page error or show "Failed to load". One browser, one page; a
 * route that submitted something leaves the server dirty, so the next route starts from the seed again
 * (`/__control/reset` keeping the session: no new login).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const table = fs.readFileSync(path.join(ROOT, 'client/app/screens.ts'), 'utf8');
const entries = [...table.matchAll(/^\s*(\w+): (?:lazy|screen)\(\(\) => import\('\.\.\/(features\/[^']+)'\)/gm)].map((m) => ({ route: m[1]!, module: path.join(ROOT, 'client', m[2]!) }));
for (const e of entries) await import(e.module);
const byName = new Map(allResources().map((d) => [d.name, d]));
/** A tree or settings screen registers a resource for its lookups or its nodes; its screen is not a list. */
const notAList = (module: string) => /\b(treeScreen|settingsScreen)\(/.test(fs.readFileSync(module, 'utf8'));
/** `TOUR_ROUTES=a,b`: only these (while fixing what the tour found). */
const only = process.env.TOUR_ROUTES?.split(',');
/** The routes whose screen is a list declaration (its main list is registered under the route's name). */
const ROUTES = entries.flatMap(({ route, module }) =>
  byName.has(route) && !notAList(module) && (!only || only.includes(route)) ? [{ route, decl: byName.get(route)! }] : [],
);
/** The routes whose screen is a settings declaration (its module exports it: one record, one form). */
const SETTINGS: { route: string; decl: SettingsDecl }[] = [];
for (const e of entries) {
  if (only && !only.includes(e.route)) continue;
  const mod = (await import(e.module)) as Record<string, unknown>;
  const found = Object.values(mod).find((v): v is SettingsDecl => !!v && typeof v === 'object' && 'record' in v && 'form' in v && (v as SettingsDecl).name === e.route);
  if (found) SETTINGS.push({ route: e.route, decl: found });
}

/** What the super administrator holds on a route: every button the route offers (contracts/routes.ts). */
const grants = (route: string) => {
  const buttons = ROUTE_INFO.find((r) => r.name === route)?.buttons ?? [];
  return (button: string | undefined) => button === undefined || buttons.includes(button);
};

const t = texts('en');
const counts = { routes: 0, settings: 0, toolbar: 0, row: 0, submitted: 0, cancelled: 0, noRow: 0 };
const notOffered: string[] = [];
/** Forms answered with a message on the form (the step, the messages): read in the closing note. */
const messages: string[] = [];
let current = '';
const app = useConsole();
let page: Page;
let dirty = false;
let serial = 0;
const pageErrors = () => app.pageErrors.length;
let started = 0;

beforeAll(async () => {
  started = Date.now();
  page = await openInLook(app, { lng: 'en', theme: 'light' }, 'superadmin');
  // A step that cannot be done fails in 20 s, not Playwright's 30 (three browser suites share two cores).
  page.setDefaultTimeout(20_000);
  watchLists(page);
}, 180_000);

/** Every list answer of the page, newest last, by call path (the rows the table shows). */
const answers = new Map<string, { body: Record<string, unknown>; content: Record<string, unknown>[] }>();
function watchLists(p: Page) {
  p.on('response', async (res) => {
    const m = /\/api\/(.+)$/.exec(new URL(res.url()).pathname);
    if (!m || res.request().method() !== 'POST') return;
    try {
      const body = (res.request().postDataJSON() ?? {}) as Record<string, unknown>;
      const json = (await res.json()) as { data?: { content?: unknown[] } };
      if (Array.isArray(json.data?.content)) answers.set(`${m[1]}#${JSON.stringify(body.page_size ?? '')}`, { body, content: json.data.content as Record<string, unknown>[] });
    } catch {
      // Not JSON (a download): not a list.
    }
  });
}

const dialogs = () => page.locator(`.${Classes.DIALOG}`);
const alerts = () => page.locator(`.${Classes.ALERT}`);
const toasts = () => page.locator(`.${Classes.TOAST}:not([data-seen])`);

async function markToasts() {
  await page.evaluate((c) => document.querySelectorAll(`.${c}`).forEach((x) => x.setAttribute('data-seen', '1')), Classes.TOAST);
}

/** The main list of the screen: its table (the one whose last header is "Actions") or its empty state. */
async function listReady(decl: ResourceDecl) {
  await page.locator('main h1').first().waitFor({ timeout: 20_000 });
  await page.locator('table tbody tr[aria-hidden]').first().waitFor({ state: 'detached', timeout: 20_000 });
  await page.locator(`[role=toolbar][aria-label="${t('resource.actions.toolbar')}"]`).first().waitFor({ timeout: 20_000 });
  void decl;
}

/** The rows the list shows now (its latest answer with the list's page size). */
function rowsOf(decl: ResourceDecl): Record<string, unknown>[] {
  return answers.get(`${decl.list.path}#${JSON.stringify(decl.pageSize ?? 20)}`)?.content ?? [];
}

/** The table row `index` of the main list (the table whose last header cell is "Actions"). */
function rowAt(index: number): Locator {
  return page
    .locator('table')
    .filter({ has: page.locator('thead th:last-child', { hasText: t('resource.actions.title') }) })
    .first()
    .locator('tbody tr:not([aria-hidden])')
    .nth(index);
}

/** Fills the open form with generated values; returns how many inputs it typed in or chose. */
async function fill(form: FormDecl<never, unknown> | FormDecl, labels: string, row: unknown, dialog: Locator = dialogs().last()): Promise<number> {
  let filled = 0;
  const schema = form.schema ?? form.call.request;
  for (const field of formFields(labels, form as FormDecl, row)) {
    const typed = valueFor(field, schema, ++serial);
    if (!typed) continue;
    const label = t(field.label);
    if (typed.kind === 'translations') {
      const inputs = dialog.getByRole('group', { name: label, exact: true }).locator('input');
      for (const input of await inputs.all()) await input.fill(typed.text);
      filled += 1;
      continue;
    }
    // The label's own text (a required one ends with a "*" mark that is not part of it) names the input by `for`.
    const id = await dialog
      .locator('label[for]')
      .evaluateAll((ls, want) => ls.find((l) => (l.childNodes[0]?.textContent ?? '').trim() === want)?.getAttribute('for') ?? null, label);
    const input = id ? dialog.locator(`[id="${id}"]`) : dialog.getByLabel(label, { exact: true }).first();
    if (!(await input.count())) continue;
    if (typed.kind === 'choose-first') {
      const value = await input.evaluate((s) => [...(s as HTMLSelectElement).options].find((o) => o.value !== '' && !o.disabled)?.value);
      if (value !== undefined) await input.selectOption(value);
      filled += 1;
    } else if (typed.kind === 'fill') {
      await input.fill(typed.text);
      filled += 1;
    }
  }
  return filled;
}

/**
 * After a submit: a question (a conditional or generic one) is answered, then the outcome must be a new toast that
 * is not a danger one, the form gone, or a message on the form. Returns what was wrong, if anything.
 */
/** `box`: where the form is (the open dialog, or a settings screen's inline form). */
async function outcome(confirmGeneric: boolean, box: Locator = dialogs().last()): Promise<string | undefined> {
  const toast = toasts().first();
  const message = box.locator('[role=alert]').first();
  const question = alerts().last();
  await Promise.race([
    toast.waitFor({ timeout: 15_000 }),
    message.waitFor({ timeout: 15_000 }),
    question.waitFor({ timeout: 15_000 }),
  ]).catch(() => undefined);
  if (await question.isVisible()) {
    if (!confirmGeneric) {
      await question.getByRole('button', { name: t('common.actions.cancel') }).click();
      await question.waitFor({ state: 'detached' });
      counts.cancelled += 1;
      return undefined;
    }
    await question.getByRole('button', { name: t('common.actions.confirm') }).click();
    await Promise.race([toast.waitFor({ timeout: 15_000 }), message.waitFor({ timeout: 15_000 })]).catch(() => undefined);
  }
  if (await message.isVisible()) {
    // Kept for the closing note: which forms the server or the form's own rules answered with a message.
    const invalid = await box
      .locator('[aria-invalid=true]')
      .evaluateAll((xs) => xs.map((x) => document.querySelector(`label[for="${x.id}"]`)?.childNodes[0]?.textContent?.trim() ?? x.id));
    messages.push(`${current}: ${(await box.locator('[role=alert]').allInnerTexts()).join(' | ')} [${invalid.join(', ')}]`);
    return undefined;
  }
  if (!(await toast.isVisible())) return 'no toast and no message on the form';
  const cls = (await toast.getAttribute('class')) ?? '';
  if (cls.includes(Classes.INTENT_DANGER)) return `danger toast: ${await toast.innerText()}`;
  return undefined;
}

async function closeDialogs() {
  for (let i = 0; i < 3 && (await alerts().count()); i++) {
    await alerts().last().getByRole('button', { name: t('common.actions.cancel') }).click();
    await alerts().last().waitFor({ state: 'detached' }).catch(() => undefined);
  }
  // The dialog's own close button (focus may have left the dialog, so Escape would not reach it).
  for (let i = 0; i < 3 && (await dialogs().count()); i++) {
    const close = dialogs().last().locator(`.${Classes.DIALOG_CLOSE_BUTTON}`);
    if (await close.count()) await close.first().click();
    else await page.keyboard.press('Escape');
    await dialogs().last().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
  }
}

/** Opens a form (already clicked), fills and submits it, or only looks at it and cancels. */
async function tryForm(form: FormDecl, labels: string, row: unknown, submit: boolean, confirmGeneric: boolean): Promise<string | undefined> {
  const dialog = dialogs().last();
  await dialog.waitFor({ timeout: 10_000 });
  if (!submit) {
    counts.cancelled += 1;
    await closeDialogs();
    return undefined;
  }
  await fill(form, labels, row);
  await markToasts();
  await dialog.getByRole('button', { name: t('common.actions.save') }).or(dialog.locator('button[type=submit]')).first().click();
  dirty = true;
  counts.submitted += 1;
  const wrong = await outcome(confirmGeneric);
  await closeDialogs();
  return wrong;
}

/**
 * A form that moves the caller's own money (a withdrawal request): its money input's own check speaks of the
 * balance (money-field.ts) — asked with a balance of 0 and a large amount. Opened and cancelled, never sent.
 */
function movesMoney(form: FormDecl, labels: string): boolean {
  const ctx = { user: { balance_micro: 0 } as UserInfo, payConfig: undefined };
  return formFields(labels, form).some((f) => {
    const m = f.check?.('999999', ctx);
    return !!m && 'key' in m && m.key === 'resource.money_check.balance';
  });
}

/** Whether an action only asks first with its own question (destructive or money): opened and cancelled. */
const ownQuestion = (a: ActionDecl<unknown>) => 'confirm' in a && (a.confirm === 'danger' || (typeof a.confirm === 'object' && !a.confirm.when));

/** Runs one action that has been clicked. */
async function tryAction(decl: ResourceDecl, a: ActionDecl<unknown>, row: unknown): Promise<string | undefined> {
  const labels = labelsOf(decl);
  if (a.kind === 'dialog') {
    await dialogs().last().waitFor({ timeout: 10_000 });
    await closeDialogs();
    return undefined;
  }
  if (a.kind === 'form') return tryForm(a.form as FormDecl, labels, row, !ownQuestion(a) && !movesMoney(a.form as FormDecl, labels), a.confirm === 'normal');
  // A call: its question (cancelled unless generic), or it runs at once (toasts were marked before the click).
  if (a.confirm) {
    const question = alerts().last();
    await question.waitFor({ timeout: 10_000 });
    if (a.confirm !== 'normal') {
      await closeDialogs();
      counts.cancelled += 1;
      return undefined;
    }
    await question.getByRole('button', { name: t('common.actions.confirm') }).click();
  }
  dirty = true;
  counts.submitted += 1;
  return outcome(false);
}

/** Clicks a row's action as row-actions.tsx lays them out: two actions inline, edit, the rest (and remove) in "more". */
async function clickRowAction(index: number, offered: string[], label: string) {
  // The pointer still rests where the last step clicked, and a closed dialog gives focus back to the button
  // that opened it: either one's tooltip would cover this row's buttons.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.locator(`.${Classes.TOOLTIP}`).first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
  const row = rowAt(index);
  const crowded = offered.length > 2;
  const at = offered.indexOf(label);
  const inline = !crowded || (at >= 0 && at < 2) || label === t('common.actions.update');
  if (inline) {
    await row.getByRole('button', { name: label, exact: true }).click();
  } else {
    await row.getByRole('button', { name: t('resource.actions.more'), exact: true }).click();
    await page.getByRole('menuitem', { name: label, exact: true }).click();
  }
}

async function tourRoute(route: string, decl: ResourceDecl): Promise<string[]> {
  const problems: string[] = [];
  const held = grants(route);
  const before = pageErrors();
  await fromSeed();
  await page.goto(`${app.url}#/customer/${route}`);
  await listReady(decl);
  counts.routes += 1;
  const check = async (what: string, wrong: string | undefined) => {
    if (wrong) problems.push(`${what}: ${wrong}`);
    if (wrong && process.env.TOUR_SHOTS) await page.screenshot({ path: path.join(ROOT, `.tmp/tour-${route}-${what.replace(/\W/g, '_')}.png`) });
    if (await page.getByText(t('common.states.load_failed')).count()) problems.push(`${what}: "Failed to load" on screen`);
    for (const e of app.pageErrors.slice(before)) problems.push(`${what}: page error ${e}`);
    app.pageErrors.length = before;
  };

  // Toolbar: add, then the toolbar actions.
  const toolbar = page.locator(`[role=toolbar][aria-label="${t('resource.actions.toolbar')}"]`).first();
  if (decl.create && held(decl.create.button)) {
    const add = toolbar.getByRole('button', { name: t('common.actions.add'), exact: true });
    if (await add.count()) {
      counts.toolbar += 1;
      current = `${route} add`;
      await add.click();
      await check('add', await tryForm(decl.create, labelsOf(decl), undefined, !movesMoney(decl.create, labelsOf(decl)), false));
    } else notOffered.push(`${route}: add`);
  }
  for (const a of (decl.actions ?? []).filter((x) => x.scope === 'toolbar' && held(x.button))) {
    const button = toolbar.getByRole('button', { name: t(a.label), exact: true });
    if (!(await button.count())) {
      notOffered.push(`${route}: ${a.id}`);
      continue;
    }
    counts.toolbar += 1;
    current = `${route} ${a.id}`;
    await markToasts();
    await button.click();
    await check(a.id, await tryAction(decl, a as ActionDecl<unknown>, undefined));
  }

  // Row actions, each on the first seeded row that offers it; then edit and remove on the first row.
  const rowActions = (decl.actions ?? []).filter((x) => (x.scope === 'row' || x.scope === 'both') && held(x.button)) as ActionDecl<unknown>[];
  const steps: { id: string; label: string; pick(row: Record<string, unknown>): boolean; run(row: Record<string, unknown>): Promise<string | undefined> }[] = [
    ...rowActions.map((a) => ({ id: a.id, label: t(a.label), pick: (row: Record<string, unknown>) => a.visible?.(row) ?? true, run: (row: Record<string, unknown>) => tryAction(decl, a, row) })),
    ...(decl.update && held(decl.update.button) ? [{ id: 'update', label: t('common.actions.update'), pick: () => true, run: (row: Record<string, unknown>) => tryForm(decl.update!, labelsOf(decl), row, true, false) }] : []),
    ...(decl.remove && held(decl.remove.button)
      ? [
          {
            id: 'remove',
            label: t('common.actions.remove'),
            pick: () => true,
            run: async () => {
              await alerts().last().waitFor({ timeout: 10_000 });
              counts.cancelled += 1;
              await closeDialogs();
              return undefined;
            },
          },
        ]
      : []),
  ];
  for (const step of steps) {
    const rows = rowsOf(decl);
    const index = rows.findIndex(step.pick);
    if (index < 0) {
      counts.noRow += 1;
      notOffered.push(`${route}: ${step.id} (no seeded row offers it)`);
      continue;
    }
    const offered = rowActions.filter((a) => a.visible?.(rows[index]!) ?? true).map((a) => t(a.label));
    counts.row += 1;
    current = `${route} row ${step.id}`;
    if (process.env.TOUR_SHOTS) console.log(`${route}: row ${step.id} on row ${index} at ${Date.now() - started} ms`);
    await markToasts();
    await clickRowAction(index, offered, step.label);
    await check(`row ${step.id}`, await step.run(rows[index]!));
  }
  return problems;
}

/**
 * Back to the seed when an earlier step changed something. The session stays (`keep_sessions`): a new login in
 * the page cost seconds of browser CPU per route. The console's socket was closed (4010) and reconnects by
 * itself; the caller's `page.goto` of its route then opens the screen on the seeded rows.
 */
async function fromSeed() {
  if (!dirty) return;
  const res = await fetch(`${app.url.replace(/\/$/, '')}${CONTROL_PREFIX}/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keep_sessions: true } satisfies ControlBody<'reset'>),
  });
  expect(res.status).toBe(200);
  dirty = false;
}

/** A settings screen: its form filled with generated values and saved once. */
async function tourSettings(route: string, decl: SettingsDecl): Promise<string[]> {
  const problems: string[] = [];
  const before = pageErrors();
  await fromSeed();
  await page.goto(`${app.url}#/customer/${route}`);
  const box = page.locator('main form').first();
  const save = box.getByRole('button', { name: t('common.actions.save'), exact: true });
  await save.waitFor({ timeout: 20_000 });
  counts.settings += 1;
  current = `${route} save`;
  const labels = `resources.${decl.name}`;
  // The record read on open fills the inputs first (else the generated values would be overwritten).
  await page.locator(`.${Classes.SKELETON}`).first().waitFor({ state: 'detached' }).catch(() => undefined);
  // A form of switches only: turn the first one over, so Save has something to save.
  if (!(await fill(decl.form as FormDecl, labels, undefined, box))) await box.locator(`.${Classes.SWITCH}`).first().click();
  await markToasts();
  await save.click();
  dirty = true;
  counts.submitted += 1;
  const wrong = await outcome(false, box);
  if (wrong) problems.push(`save: ${wrong}`);
  if (await page.getByText(t('common.states.load_failed')).count()) problems.push('"Failed to load" on screen');
  for (const e of app.pageErrors.slice(before)) problems.push(`page error ${e}`);
  app.pageErrors.length = before;
  return problems;
}

describe('the action tour (super administrator, en)', () => {
  it('finds list declarations on most routes', () => {
    expect(ROUTES.length).toBeGreaterThan(only ? 0 : 40);
  });

  it.each(ROUTES.map((r) => [r.route, r.decl] as const))('%s: every toolbar and row action', async (route, decl) => {
    const problems = await tourRoute(route, decl).catch(async (e: unknown) => {
      if (process.env.TOUR_SHOTS) await page.screenshot({ path: path.join(ROOT, `.tmp/tour-${route}-thrown.png`) });
      throw e;
    });
    expect(problems).toEqual([]);
  }, 120_000);

  it.each(SETTINGS.map((r) => [r.route, r.decl] as const))('%s: the settings form saved once', async (route, decl) => {
    expect(await tourSettings(route, decl)).toEqual([]);
  }, 60_000);

  it('tried every route, with the counts of the closing note', () => {
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`action tour: ${JSON.stringify(counts)} in ${seconds} s; not offered: ${notOffered.join('; ')}`);
    console.log(`answered with a message on the form:\n${messages.join('\n')}`);
    expect(counts.routes).toBe(ROUTES.length);
    expect(counts.settings).toBe(SETTINGS.length);
    if (!only) expect(counts.submitted).toBeGreaterThan(30);
  });
});
