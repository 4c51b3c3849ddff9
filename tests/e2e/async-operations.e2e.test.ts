import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, EXPORT_JOB_THRESHOLD } from '../../contracts/index.ts';
import { useConsole } from './helpers/console.ts';
import { textOf } from './helpers/download.ts';
import { logIn } from './helpers/log-in.ts';

/**
 * Async operations in Chromium against the real mock server (test mode: jobs move only when the control API
 * steps them). admin01 exports a list larger than the job threshold from its own screen; the export becomes a
 * job; the async_operations screen shows it and its progress bar moves with the type-20 frames, without a
 * reload, until it is completed and its CSV downloads.
 */
const app = useConsole();
let page: Page;
const ROWS = EXPORT_JOB_THRESHOLD + 50;

async function control(name: string, body: unknown) {
  const res = await fetch(`${app.url.replace(/\/$/, '')}${CONTROL_PREFIX}/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.json();
}

beforeAll(async () => {
  // The rows to export, through the real API of the server the browser uses.
  const token = await loginOver(app.url, 'superadmin');
  for (let i = 0; i < ROWS; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, ROWS - i) }, (_, k) =>
        post(app.url, 'url_key_platform/add', { name: `job-${i + k}`, url: `https://j${i + k}.example/`, short_code_type: 4 }, token),
      ),
    );
  }
  page = await app.context.newPage();
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await logIn(page, app.url, 'admin01');
}, 180_000);

async function post(url: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${url.replace(/\/$/, '')}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { status: boolean; message?: string; data?: unknown };
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${json.message}`);
  return json.data;
}

/** A token of a seeded account, logged in through the API with its RSA-encrypted password. */
async function loginOver(url: string, account: string): Promise<string> {
  const { constants, createPublicKey, publicEncrypt } = await import('node:crypto');
  const { users } = await import('../../fixtures/seed/users.ts');
  const { spki } = (await post(url, 'security/public_key', {})) as { spki: string };
  const key = createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' });
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(users.find((u) => u.account === account)!.password));
  return ((await post(url, 'admin/login', { account, password: password.toString('base64') })) as { token: string }).token;
}

describe('async operations in Chromium', () => {
  it('a large export becomes a job whose progress moves live on the async_operations screen, then downloads', async () => {
    await page.goto(`${app.url}#/customer/url_key_platform`);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByText(`Over ${EXPORT_JOB_THRESHOLD} rows: exporting in the background, see Async operations`).waitFor();

    await page.goto(`${app.url}#/customer/async_operations`);
    const job = page.getByRole('row').filter({ hasText: 'admin01' }).filter({ hasText: 'CSV export' });
    await job.getByText('In progress').waitFor();
    await expect(job.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('0');
    // A marker that a page reload would erase: the rows below must move without one.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    // Every platform is exported (no filter): the seeded ones and ours, 200 rows a step.
    const total = await platformCount();
    await control('job_step', {});
    await job.getByText(`${Math.floor((200 * 100) / total)}%`).waitFor();
    await control('job_step', {});
    await job.getByText(`${Math.floor((400 * 100) / total)}%`).waitFor();
    await control('job_step', { count: 20 });
    await job.getByText('Completed').waitFor();
    await job.getByText(`${total} rows exported`).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    const [download] = await Promise.all([page.waitForEvent('download'), job.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^url_key_platform-inquire-\d+\.csv$/);
    const text = await textOf(download);
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(total + 1);
    expect(lines.filter((l) => /,job-\d+,/.test(l))).toHaveLength(ROWS);
  }, 120_000);
});

async function platformCount(): Promise<number> {
  const token = await loginOver(app.url, 'admin01');
  return ((await post(app.url, 'url_key_platform/inquire', { page_size: 1 }, token)) as { total: number }).total;
}
