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

type Axe = { run(ctx: unknown, opts?: unknown): Promise<{ violations: Violation[] }> };

/** Serious and critical violations on the whole page as it is now, as `rule (impact): help @ targets` lines. */
export async function violations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => (await (globalThis as unknown as { axe: Axe }).axe.run(document)).violations);
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} @ ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/**
 * Every WCAG 2 A/AA finding inside `selector` (default the screen's `main`; the layout around it is not the
 * caller's business).
 */
export async function axeProblems(page: Page, selector = 'main'): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async (include) => {
    const axe = (globalThis as unknown as { axe: Axe }).axe;
    const found = await axe.run({ include: [[include]] }, { runOnly: ['wcag2a', 'wcag2aa'] });
    return found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);
  }, selector);
}

/** Violations of the named axe rules on the whole page, whatever their impact (`heading-order` is "moderate"). */
export async function ruleViolations(page: Page, rules: readonly string[]): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async (only) => {
    const axe = (globalThis as unknown as { axe: Axe }).axe;
    const found = await axe.run(document, { runOnly: { type: 'rule', values: only } });
    return found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);
  }, [...rules]);
}
