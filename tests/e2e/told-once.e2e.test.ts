import type { Page } from 'playwright-core';
import { Classes } from '@blueprintjs/core';
import { describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, FrameType } from '../../contracts/index.ts';
import { useConsole } from './helpers/console.ts';
import { LOOKS, openInLook } from './helpers/look.ts';
import { noteToasts } from './helpers/toasts.ts';

/**
 * A block push that reaches the console twice (the QA frame fault `duplicate`: two frames, each with its own
 * seq, as a server retrying a push would) is told once, in Chromium, in zh-CN light and en dark
 * (docs/decisions/2026-11-26-replay-speed-and-told-once.md). A second, different block afterwards is the state
 * that proves the duplicate was read: frames are read in seq order, so once its toast shows, the copy before it
 * has been handled.
 */
const app = useConsole();

async function control(name: string, body: unknown): Promise<{ data: unknown }> {
  const res = await fetch(`${app.url.replace(/\/$/, '')}${CONTROL_PREFIX}/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as { data: unknown };
}

async function block(domain: string) {
  await control('shield/mark', { domain, status: 2 });
  await control('shield/run', { force: true });
}


// Each look blocks two of customer01's seeded domains of its own.
const CASES = [
  { ...LOOKS[0]!, twice: 'land1.example.com', after: 'entry1.example.com' },
  { ...LOOKS[1]!, twice: 's1.example.com', after: 'reserve1.example.com' },
];

describe.each(CASES)('a block pushed twice in $lng $theme', (look) => {
  it('gives one toast naming the domain', async () => {
    const page: Page = await openInLook(app, look, 'customer01');
    await page.goto(`${app.url}#/customer/domain_list`);
    await page.waitForFunction(() => document.querySelector('[data-reach]')?.getAttribute('data-reach') === 'online');
    const toasts = (domain: string) => page.locator(`.${Classes.TOAST}`).filter({ hasText: domain });
    const toastsSeen = await noteToasts(page);
    const toldOf = async (domain: string) => (await toastsSeen()).filter((x) => x.includes(domain)).length;

    // Every frame for a while (a pong may come first): the block among them; the rest are told once too.
    await control('frame_fault', { to: { account: 'customer01' }, action: 'duplicate', count: 6 });
    await block(look.twice);
    await toasts(look.twice).first().waitFor();
    const pushed = (await control('journal', { kind: 'frame', direction: 'out', frame_type: FrameType.values.shield_status, user: { account: 'customer01' } })).data as {
      entries: { kind: string; fault?: string; data?: unknown }[];
    };
    const ofDomain = pushed.entries.filter((e) => JSON.stringify(e.data ?? '').includes(look.twice));
    expect(ofDomain.map((e) => e.fault ?? 'sent')).toContain('duplicated');

    await block(look.after);
    await toasts(look.after).first().waitFor();
    expect(await toldOf(look.twice)).toBe(1);
    await control('clear_frame_faults', {});
    expect(app.pageErrors).toEqual([]);
    await page.close();
  }, 60_000);
});
