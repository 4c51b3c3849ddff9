import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { RunnerTestCase } from 'vitest';

/**
 * What a failed browser test saw, said where CI keeps it: for every page still open in a live context, its
 * address, the start of its visible text, its last console errors, failed requests and answers slower than 5 s
 * (printed to stderr), and a screenshot in `.tmp/failures/`. A browser case that fails only under load is
 * otherwise a bare "locator timed out". `launchBrowser` registers each context; the e2e project's setup file
 * (./setup-file.ts) reports.
 */
const FAILURES = path.resolve('.tmp/failures');
const KEEP = 12;
const contexts = new Set<BrowserContext>();
const notes = new WeakMap<Page, string[]>();
/** The same notes of pages a test closed before it failed (a walk closes each page it is done with). */
const closedRecently: string[] = [];

function note(page: Page, line: string): void {
  const lines = notes.get(page) ?? [];
  lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (lines.length > KEEP) lines.shift();
  notes.set(page, lines);
}

function forget(page: Page): void {
  const url = page.url();
  for (const line of notes.get(page) ?? []) closedRecently.push(`${line} (${url})`);
  closedRecently.splice(0, Math.max(0, closedRecently.length - 2 * KEEP));
}

function watchPage(page: Page): void {
  page.on('close', () => forget(page));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') note(page, `console.${m.type()}: ${m.text().slice(0, 300)}`);
  });
  page.on('pageerror', (e) => note(page, `pageerror: ${String(e).slice(0, 300)}`));
  page.on('requestfailed', (r) => note(page, `request failed: ${r.method()} ${r.url()} (${r.failure()?.errorText ?? '?'})`));
  page.on('requestfinished', (r) => {
    const ms = r.timing().responseEnd;
    if (ms > 5_000) note(page, `slow answer: ${r.method()} ${r.url()} took ${Math.round(ms)} ms`);
  });
  page.on('response', (r) => {
    if (r.status() >= 500) note(page, `answer ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
}

/** Called by launchBrowser for every context it makes; forgotten when the context closes. */
export function witnessContext(context: BrowserContext): void {
  contexts.add(context);
  context.on('close', () => contexts.delete(context));
  for (const page of context.pages()) watchPage(page);
  context.on('page', watchPage);
}

async function describePage(page: Page, shot: string): Promise<string> {
  const text = await page
    .evaluate(() => (document.body?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 600))
    .catch((e: unknown) => `(text unreadable: ${String(e).slice(0, 120)})`);
  const saved = await page
    .screenshot({ path: shot, timeout: 5_000 })
    .then(() => shot)
    .catch(() => '(no screenshot)');
  return [`  page ${page.url()}`, `    text: ${text}`, `    screenshot: ${saved}`, ...(notes.get(page) ?? []).map((l) => `    ${l}`)].join('\n');
}

/** Before a test: the closed pages' notes of earlier tests are not this test's. */
export function forgetClosedPages(): void {
  closedRecently.length = 0;
}

/** After a test: when it failed, print and keep what each open page shows. */
export async function witnessFailure(task: RunnerTestCase): Promise<void> {
  if (task.result?.state !== 'fail' || contexts.size === 0) return;
  fs.mkdirSync(FAILURES, { recursive: true });
  const base = `${path.basename(task.file?.name ?? 'test')}-${task.name}`.replace(/[^\w.-]+/g, '_').slice(0, 120);
  const pages = [...contexts].flatMap((c) => c.pages()).filter((p) => !p.isClosed());
  const parts = await Promise.all(pages.map((p, i) => describePage(p, path.join(FAILURES, `${base}-${i + 1}.png`))));
  const closed = closedRecently.splice(0).map((l) => `    ${l}`);
  if (closed.length) parts.push(`  notes of pages closed before the end:\n${closed.join('\n')}`);
  console.error(`\n[failure witness] ${task.file?.name ?? ''} > ${task.name}: ${pages.length} open page(s)\n${parts.join('\n')}\n`);
}
