import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleUnderTest } from './helpers/console.ts';

/**
 * axe-core in Chromium on the real console: the login page, a list, a form (the generic create dialog) and
 * the dashboard have no serious or critical violation. axe is evaluated through the DevTools protocol, so
 * the console's CSP (`script-src 'self'`) stays on and nothing is added to the bundle.
 */
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Serious and critical violations on the page as it is now, as `rule (impact): help @ targets` lines. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: Document): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} @ ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

let app: ConsoleUnderTest;
let page: Page;
beforeAll(async () => {
  app = await startConsole();
  page = await app.context.newPage();
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('accessibility (axe-core): no serious or critical violation', () => {
  it('login page', async () => {
    await page.goto(`${app.url}#/admin_login`);
    await page.getByLabel('Account').waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('a list: QR codes', async () => {
    await page.getByLabel('Account').fill('customer01');
    await page.getByLabel('Password', { exact: true }).fill('Customer123');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/customer\//, { timeout: 15_000 });
    await page.goto(`${app.url}#/customer/qr_code_list`);
    await page.getByRole('table', { name: 'QR codes' }).getByRole('row').nth(1).waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('a form: the create dialog of QR codes', async () => {
    await page.getByRole('toolbar').getByRole('button', { name: 'Add' }).click();
    await page.getByRole('form', { name: /New/ }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('a dashboard: home_admin, with its chart drawn', async () => {
    // Another account: the customer's session ends with the stored token (the language stays English).
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${app.url}#/admin_login`);
    await page.getByLabel('Account').fill('admin01');
    await page.getByLabel('Password', { exact: true }).fill('Admin12345');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/customer\//, { timeout: 15_000 });
    await page.goto(`${app.url}#/customer/home_admin`);
    await page.getByRole('img', { name: 'Visits per day, last 30 days' }).locator('canvas').waitFor();
    expect(await violations(page)).toEqual([]);
  });
});
