import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core evaluated through the DevTools protocol, so the console's CSP (`script-src 'self'`) stays on and
 * nothing is added to the bundle.
 */
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Serious and critical violations on the page as it is now, as `rule (impact): help @ targets` lines. */
export async function violations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: Document): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} @ ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}
