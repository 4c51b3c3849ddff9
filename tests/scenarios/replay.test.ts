import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scenario } from '../../contracts/scenario.ts';
import { playScenario } from './harness.ts';

/**
 * The QA replay runner: every fixtures/scenarios/*.json is one test, played against the real sagas on a
 * virtual clock (see harness.ts). A QA person adds a case by adding a file; a file that does not match the
 * schema fails here with the schema's message.
 */
const dir = fileURLToPath(new URL('../../fixtures/scenarios/', import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('QA scenarios', () => {
  it('finds the scenario files', () => {
    expect(files.length).toBeGreaterThanOrEqual(80);
  });

  for (const file of files) {
    it(file.replace(/\.json$/, ''), async () => {
      const parsed = scenario.safeParse(JSON.parse(readFileSync(dir + file, 'utf8')));
      if (!parsed.success) throw new Error(`${file} is not a valid scenario: ${parsed.error.message}`);
      await playScenario(parsed.data);
    });
  }
});
