import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const AXE = fs.readFileSync(path.resolve(import.meta.dirname, '../../../node_modules/axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG 2 A/AA findings inside `selector` (default the screen's `main`; the layout around it is not
 * the caller's business). Evaluated through the debugging protocol, so the page's CSP does not apply.
 */
export async function axeProblems(page: Page, selector = 'main'): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async (include) => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> };
      }
    ).axe;
    const found = await axe.run({ include: [[include]] }, { runOnly: ['wcag2a', 'wcag2aa'] });
    return found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);
  }, selector);
}
