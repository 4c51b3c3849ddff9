import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, MENU_GROUPS, ROUTES, type CallDef, type MenuGroup } from '../../contracts/index.ts';

/**
 * One name per area: an area is a menu group of contracts/routes.ts, and its one name (the group in kebab case)
 * names the client feature folder its routes' screens sit in and the contracts and handler files its routes'
 * calls live in (`<area>.ts` or `<area>-<part>.ts`). Read from the sources: the screen table
 * (client/app/screens.ts), the calls arrays of contracts/calls/*.ts and the handler tables of mock-server/handlers/.
 *
 * A route whose screen sits elsewhere is a stray and fails, unless it is in the short list of exceptions below
 * with its reason; an exception that is no longer needed fails too, so the list only shrinks.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

/** THE table from menu group to its area's folder (README's map of the code shows the same; checked below). */
const AREA: Readonly<Record<MenuGroup, string>> = {
  statistics: 'statistics',
  qr_codes: 'qr-codes',
  domains: 'domains',
  shield: 'shield',
  vip: 'vip',
  agents: 'agents',
  wallets: 'wallets',
  users: 'users',
  mall: 'mall',
  system: 'system',
};

/** The feature folders that are no menu group's, and what each is. */
const OUTSIDE_THE_MENU: Readonly<Record<string, string>> = {
  auth: 'the login and register pages',
  'access-log': 'the public access log page',
  share: 'the public share page',
  'start-up': 'what runs before the first screen: site settings, preferences, the session at start',
  'status-pages': 'maintenance, not found, no permission, not built',
  realtime: 'the WebSocket session',
  connectivity: 'the online indicator and its ping',
  messages: 'the site message notice and its polling',
  debug: 'the Debug menu: recording and exporting a scenario',
};

/**
 * Routes whose screen sits outside its area's folder: route → [folder, why]. Short on purpose: a screen that
 * can move to its group's folder moves; what stays is built on another area's own parts.
 */
const SCREEN_EXCEPTIONS: Readonly<Record<string, readonly [folder: string, reason: string]>> = {
  no_domain_name: ['qr-codes', 'a list of QR codes built on the qr-codes parts (columns, lookups, actions, dialogs) that the menu files under domains'],
  nodomain: ['qr-codes', 'a list of QR codes built on the qr-codes parts (columns, lookups, actions, dialogs) that the menu files under domains'],
};

/** Contracts or handler files (name without .ts) holding calls of routes outside the area their name says: file → why. */
const FILE_EXCEPTIONS: Readonly<Record<string, string>> = {};

/** route → folder and file of its screen, from the screen table's lazy imports. */
const screenOf = new Map<string, { folder: string; file: string }>();
/** call path → contracts file, and → handler file. */
const contractsFile = new Map<string, string>();
const handlerFile = new Map<string, string>();

beforeAll(async () => {
  const table = fs.readFileSync(path.join(ROOT, 'client/app/screens.ts'), 'utf8');
  for (const m of table.matchAll(/^\s+(\w+): (?:lazy|screen)\(\(\) => import\('\.\.\/features\/([\w-]+)\/(?:[\w-]+\/)*([\w-]+)\.tsx'\)\)/gm))
    screenOf.set(m[1]!, { folder: m[2]!, file: m[3]! });
  for (const f of fs.readdirSync(path.join(ROOT, 'contracts/calls')).filter((x) => x.endsWith('.ts'))) {
    const mod = (await import(path.join(ROOT, 'contracts/calls', f))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod))
      if (name.endsWith('Calls') && Array.isArray(value)) for (const c of value as CallDef[]) contractsFile.set(c.path, f.replace(/\.ts$/, ''));
  }
  for (const f of fs.readdirSync(path.join(ROOT, 'mock-server/handlers')).filter((x) => x.endsWith('.ts') && x !== 'index.ts')) {
    const mod = (await import(path.join(ROOT, 'mock-server/handlers', f))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod))
      if (name.endsWith('Handlers') && value && typeof value === 'object') for (const p of Object.keys(value)) handlerFile.set(p, f.replace(/\.ts$/, ''));
  }
}, 60_000);

const named = (file: string, area: string) => file === area || file.startsWith(`${area}-`);
/** The calls a route's buttons guard (`permission('<route>', …)`): the calls that are the route's own. */
const callsOf = (route: string) => calls.filter((c) => c.access.kind === 'permission' && c.access.route === route);

describe('one name per area', () => {
  it.each(ROUTES.map((r) => [r.name, r.group] as const))('%s (%s): its screen sits in its area folder, named after the route', (route, group) => {
    const screen = screenOf.get(route);
    expect(screen, `${route} has no screen in client/app/screens.ts`).toBeDefined();
    expect(screen!.file, `${route}: a screen's file is named after its route`).toBe(`${route.replace(/_/g, '-')}-screen`);
    const exception = SCREEN_EXCEPTIONS[route];
    if (exception) {
      expect(screen!.folder, `${route}: listed as an exception in features/${exception[0]}`).toBe(exception[0]);
      expect(screen!.folder, `${route} now sits in its area folder: drop its exception`).not.toBe(AREA[group]);
    } else expect(screen!.folder, `${route} is a stray: its screen is outside features/${AREA[group]}/`).toBe(AREA[group]);
  });

  it.each(ROUTES.map((r) => [r.name, r.group] as const))('%s (%s): its calls live in contracts and handler files of its area', (route, group) => {
    for (const call of callsOf(route)) {
      for (const [kind, file] of [
        ['contracts', contractsFile.get(call.path)],
        ['handler', handlerFile.get(call.path)],
      ] as const) {
        expect(file, `${call.path} has no ${kind} file`).toBeDefined();
        if (!FILE_EXCEPTIONS[file!]) expect(file, `${call.path}: ${kind} file`).toSatisfy((f: string) => named(f, AREA[group]));
      }
    }
  });

  it('every feature folder is an area or says what it is outside the menu', () => {
    const folders = fs.readdirSync(path.join(ROOT, 'client/features'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    const areas = new Set(Object.values(AREA));
    expect(folders.filter((f) => !areas.has(f) && !OUTSIDE_THE_MENU[f]), 'feature folders that are neither an area nor listed outside the menu').toEqual([]);
    expect(Object.keys(OUTSIDE_THE_MENU).filter((f) => !folders.includes(f)), 'listed outside the menu, but gone').toEqual([]);
    expect(Object.keys(OUTSIDE_THE_MENU).filter((f) => areas.has(f))).toEqual([]);
  });

  it("README's map of the code shows this table", () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const rows = Object.fromEntries([...readme.matchAll(/^\| (\w+) \| `([\w-]+)\/`/gm)].map((m) => [m[1]!, m[2]!]));
    expect(rows).toEqual(Object.fromEntries(MENU_GROUPS.map((g) => [g, AREA[g]])));
  });

  it('lists no exception that is no longer needed (the lists only shrink)', () => {
    const usedFiles = new Set<string>();
    for (const r of ROUTES)
      for (const call of callsOf(r.name))
        for (const file of [contractsFile.get(call.path)!, handlerFile.get(call.path)!]) if (!named(file, AREA[r.group])) usedFiles.add(file);
    expect(Object.keys(FILE_EXCEPTIONS).filter((f) => !usedFiles.has(f))).toEqual([]);
    const routes = new Set<string>(ROUTES.map((r) => r.name));
    expect(Object.keys(SCREEN_EXCEPTIONS).filter((r) => !routes.has(r))).toEqual([]);
    expect(Object.values(SCREEN_EXCEPTIONS).every(([, reason]) => reason.length > 20)).toBe(true);
  });
});
