import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX } from '../../contracts/index.ts';
import { ensureCockpitBuilt } from '../../harness/build.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { launchBrowser, type TestBrowser } from './helpers/browser.ts';

/**
 * The cockpit's time line as it scrolls (the causes `npm run bench:cockpit` found, docs/speed-and-figures.md#the-qa-cockpit):
 * a scroll step gives the leaving lines' elements to the coming ones instead of making new ones, only the
 * visible lines and a few more are drawn, and the list is as opaque as the page in both themes (Chromium then
 * scrolls it on the compositor). Every wait is for a state of the page.
 */

const ENTRIES = 300;
const ROW = 26;
let dir: string;
let server: TestServer;
let browser: TestBrowser;
let cockpit: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  const cockpitDir = await ensureCockpitBuilt();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-cockpit-timeline-'));
  server = await startTestServer({ dbPath: path.join(dir, 'mock.db'), cockpitDir });
  for (let i = 0; i < ENTRIES; i++) await server.call('ping', { value: i });
  browser = await launchBrowser({ locale: 'en-US' });
  cockpit = await browser.browser.newPage();
  cockpit.on('pageerror', (e) => pageErrors.push(e.message));
  await cockpit.goto(`${server.url}${CONTROL_PREFIX}/cockpit/?lng=en&theme=light`);
  await cockpit.getByText(`${ENTRIES} of ${ENTRIES} entries`).waitFor({ timeout: 30_000 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Scroll the time line so that line `at` (0-based) is the first visible, and wait until it is drawn. */
async function scrollTo(at: number): Promise<void> {
  await cockpit.locator('.timeline-list').evaluate((el, top) => (el.scrollTop = top), at * ROW);
  await cockpit.locator(`[role="option"][aria-posinset="${at + 1}"]`).waitFor();
}

describe('the cockpit time line while scrolling', () => {
  it('reuses the elements of the lines that leave for the lines that come, and draws only the visible ones and a few more', async () => {
    const list = cockpit.getByRole('listbox', { name: 'Time line' });
    await scrollTo(0);
    const drawn = await list.getByRole('option').count();
    const visible = await cockpit.locator('.timeline-list').evaluate((el) => Math.ceil(el.clientHeight / 26));
    expect(drawn).toBeGreaterThanOrEqual(visible);
    expect(drawn).toBeLessThanOrEqual(visible + 7);

    // Mark the elements drawn mid-list, jump far down (every line changes), and count the marked ones still there.
    await scrollTo(50);
    await list.evaluate((el) => el.querySelectorAll('[role="option"]').forEach((o) => o.setAttribute('data-was-drawn', '')));
    await scrollTo(150);
    const after = await list.evaluate((el) => ({
      lines: el.querySelectorAll('[role="option"]').length,
      reused: el.querySelectorAll('[role="option"][data-was-drawn]').length,
      first: el.querySelector('[role="option"]')?.getAttribute('aria-posinset'),
    }));
    expect(after.first).toBe(String(150 - 3 + 1));
    expect(after.reused).toBe(after.lines);

    // A reused line is the entry it now shows: its text and selection follow the entry, not the element.
    const line = list.locator('[role="option"][aria-posinset="160"]');
    await expect.poll(() => line.getAttribute('data-seq')).toBe('160');
    await line.click();
    await expect.poll(() => list.locator('[aria-selected="true"]').getAttribute('aria-posinset')).toBe('160');
    await cockpit.keyboard.press('ArrowDown');
    await expect.poll(() => list.locator('[aria-selected="true"]').getAttribute('aria-posinset')).toBe('161');
  });

  it('paints the list with the page’s own opaque background in both themes', async () => {
    const colours = () =>
      cockpit.evaluate(() => ({
        list: getComputedStyle(document.querySelector('.timeline-list')!).backgroundColor,
        page: getComputedStyle(document.body).backgroundColor,
      }));
    expect(await colours()).toEqual({ list: 'rgb(255, 255, 255)', page: 'rgba(0, 0, 0, 0)' });
    await cockpit.getByRole('button', { name: 'Dark theme' }).click();
    await expect.poll(colours).toEqual({ list: 'rgb(21, 21, 21)', page: 'rgb(21, 21, 21)' });
    await cockpit.getByRole('button', { name: 'Light theme' }).click();
    await expect.poll(colours).toEqual({ list: 'rgb(255, 255, 255)', page: 'rgba(0, 0, 0, 0)' });
    expect(pageErrors).toEqual([]);
  });
});
