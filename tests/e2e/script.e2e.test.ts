import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AsyncOperationType, CONTROL_PREFIX } from '../../contracts/index.ts';
import { useConsole } from './helpers/console.ts';
import { insertServer, lastIdOf } from '../../fixtures/factories.ts';

/**
 * Issue 13's scripts in Chromium against the real mock server (test mode: jobs move only when the control API
 * steps them). The super administrator runs a catalogue script on a server whose name is markup, watches the
 * run's row reach Completed without a reload, and reads the output: the markup stays text. zh-CN, then en.
 */
const app = useConsole();
let page: Page;
const HOSTILE = '<img src=x onerror="window.pwned=1">';

async function stepAll() {
  const id = lastIdOf(app.server.mock.db, 'async_operations', { type: AsyncOperationType.values.script_run });
  const res = await fetch(`${app.url.replace(/\/$/, '')}${CONTROL_PREFIX}/job_step`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, count: 10 }),
  });
  expect(res.status).toBe(200);
  return id;
}

beforeAll(async () => {
  insertServer(app.server.mock.db, { name: HOSTILE, create_time: '2026-11-23 00:00:00' });
  page = await app.open('#/admin_login');
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.reload();
  await page.getByLabel('账号').fill('superadmin');
  await page.getByLabel('密码', { exact: true }).fill('Super12345');
  await page.keyboard.press('Enter');
  await page.waitForURL(/#\/customer\//, { timeout: 15_000 });
}, 180_000);
afterAll(async () => {
  if (process.env.E2E_DEBUG) await page?.screenshot({ path: '/tmp/script.png' });
});

async function runAndRead(l: { run: string; server: string; script: string; scriptLabel: string; submit: RegExp; confirm?: string; progress: string; done: string; output: string }) {
  await page.goto(`${app.url}#/customer/script`);
  await page.getByRole('button', { name: l.run }).click();
  const form = page.getByRole('dialog');
  const server = form.getByRole('combobox', { name: l.server });
  await server.locator('option', { hasText: HOSTILE }).waitFor({ state: 'attached' });
  await server.selectOption({ label: `${HOSTILE} (10.0.0.7:22)` });
  await form.getByRole('combobox', { name: l.script }).selectOption({ label: l.scriptLabel });
  await form.getByRole('button', { name: l.submit }).click();
  // Restarting the visit service asks first (its own question); the other scripts run at once.
  if (l.confirm) await page.getByRole('alertdialog').getByRole('button', { name: l.confirm }).click();
  await form.waitFor({ state: 'detached' });
  const row = page.getByRole('row').filter({ hasText: l.progress }).first();
  await row.waitFor();
  // A marker a page reload would erase: the row must reach Completed through frame 20 alone.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const id = await stepAll();
  const done = page.getByRole('row').filter({ hasText: l.done }).filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
  await done.waitFor();
  await expect(done.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('100');
  // Which script ran on which server (issue 23): the script by its label, the server as text (name and host).
  expect(await done.getByRole('cell', { name: l.scriptLabel, exact: true }).count()).toBe(1);
  expect(await done.getByRole('cell', { name: `${HOSTILE} (10.0.0.7:22)`, exact: true }).count()).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  await done.getByRole('button', { name: l.output }).click();
  const pre = page.getByTestId('script-output');
  await expect.poll(() => pre.textContent()).toContain(HOSTILE);
  expect(await pre.locator('img').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  // Closed by its button: Escape reaches the dialog only while focus is inside it.
  await page.getByRole('dialog').filter({ has: pre }).getByRole('button', { name: 'Close' }).first().click();
  await pre.waitFor({ state: 'detached' });
}

// Each run steps through the control API a frame at a time: on a loaded CI machine more than the default 30 s.
describe('scripts in Chromium', () => {
  it('runs a script and watches the job finish (zh-CN)', async () => {
    await runAndRead({ run: '运行脚本', server: '服务器', script: '脚本', scriptLabel: '重启访问服务', submit: /保存|提交|运行脚本/, confirm: '确定', progress: '进行中', done: '已完成', output: '输出' });
  }, 90_000);
  it('runs a script and watches the job finish (en)', async () => {
    await page.getByLabel('语言').selectOption('en');
    await runAndRead({ run: 'Run script', server: 'Server', script: 'Script', scriptLabel: 'Disk usage', submit: /Save|Submit|Run script/, progress: 'In progress', done: 'Completed', output: 'Output' });
    expect(app.pageErrors).toEqual([]);
  }, 90_000);
});
