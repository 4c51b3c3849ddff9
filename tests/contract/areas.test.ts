import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, ROUTES, type CallDef, type MenuGroup } from '../../contracts/index.ts';

/**
 * One name per area (issue 19): an area is a menu group of contracts/routes.ts, and its one name (the group in
 * kebab case) names the client feature folder its routes' screens sit in and the contracts and handler files
 * its routes' calls live in (`<area>.ts` or `<area>-<part>.ts`). Read from the sources: the screen table
 * (client/app/screens.ts), the calls arrays of contracts/calls/*.ts and the handler tables of mock-server/handlers/.
 *
 * What does not follow the rule yet is listed below, each with its reason; an entry that is no longer needed
 * fails, so the lists only shrink.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const AREA: Record<MenuGroup, string> = {
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

/**
 * Routes whose screen sits outside its area's folder: route → [folder today, why]. Short on purpose: a screen
 * that can move to its group's folder moves; what stays is built on another area's own parts.
 */
const SCREEN_EXCEPTIONS: Readonly<Record<string, readonly [folder: string, reason: string]>> = {
  no_domain_name: ['qr-codes', 'a list of QR codes built on the qr-codes parts (columns, lookups, actions, dialogs) that the menu files under domains'],
  nodomain: ['qr-codes', 'a list of QR codes built on the qr-codes parts (columns, lookups, actions, dialogs) that the menu files under domains'],
};

const TWO_AREAS = 'holds calls of routes in two areas; splitting the file is a change of its own';

/** Contracts or handler files (name without .ts) holding calls of routes outside the area their name says: file → why. */
const FILE_EXCEPTIONS: Readonly<Record<string, string>> = {
  domain: `${TWO_AREAS} (qr_codes: groups, forwards; domains: domain_list)`,
  shield: `${TWO_AREAS} (shield; domains: domain_monitor)`,
  system: `${TWO_AREAS} (system; vip: pay_config)`,
  ledger: `${TWO_AREAS} (vip: bill; users: user_list balance)`,
  vip: `${TWO_AREAS} (vip; agents: order_customer)`,
  message: `${TWO_AREAS} (system: message_list; users: user_list messages)`,
  configuration: `${TWO_AREAS} (system: configuration; mall: image_config)`,
};

/** route → folder of its screen, from the screen table's lazy imports. */
const screenFolder = new Map<string, string>();
/** call path → contracts file, and → handler file. */
const contractsFile = new Map<string, string>();
const handlerFile = new Map<string, string>();

beforeAll(async () => {
  const table = fs.readFileSync(path.join(ROOT, 'client/app/screens.ts'), 'utf8');
  for (const m of table.matchAll(/^\s+(\w+): (?:lazy|screen)\(\(\) => import\('\.\.\/features\/([\w-]+)\/[^']+'\)\)/gm)) screenFolder.set(m[1]!, m[2]!);
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
  it.each(ROUTES.map((r) => [r.name, r.group] as const))('%s (%s): its screen sits in its area folder', (route, group) => {
    const folder = screenFolder.get(route);
    expect(folder, `${route} has no screen in client/app/screens.ts`).toBeDefined();
    const exception = SCREEN_EXCEPTIONS[route];
    if (exception) {
      expect(folder, `${route}: listed as an exception in features/${exception[0]}`).toBe(exception[0]);
      expect(folder, `${route} now sits in its area folder: drop its exception`).not.toBe(AREA[group]);
    } else expect(folder).toBe(AREA[group]);
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
