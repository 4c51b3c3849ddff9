import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECTS } from '../../vitest.config.ts';

/** Every test file runs in exactly one vitest project (tests/README.md): a file in an unnamed folder would never run. */
const ROOT = path.resolve(import.meta.dirname, '../..');
const testFiles = fs
  .readdirSync(path.join(ROOT, 'tests'), { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `tests/${f.split(path.sep).join('/')}`);

describe('vitest projects', () => {
  it('hold every test file exactly once', () => {
    const homeless = testFiles.filter((f) => Object.values(PROJECTS).flat().filter((dir) => f.startsWith(`${dir}/`)).length !== 1);
    expect(testFiles.length).toBeGreaterThan(150);
    expect(homeless).toEqual([]);
  });

  it('keep browser suites in e2e and only there', () => {
    const browser = testFiles.filter((f) => /\.e2e\.test\.tsx?$/.test(f));
    expect(browser.length).toBeGreaterThan(0);
    expect(browser.filter((f) => !f.startsWith(`${PROJECTS.e2e[0]}/`))).toEqual([]);
    expect(testFiles.filter((f) => f.startsWith(`${PROJECTS.e2e[0]}/`) && !browser.includes(f))).toEqual([]);
  });

  it('the fast loop is every project but e2e', () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['test:fast']).toBe("vitest run --project '!e2e'");
    expect(scripts.test).toBe('tsx scripts/test.ts');
  });
});
