import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The folder boundaries of eslint.config.js, through the real config: each forbidden import is reported,
 * its allowed neighbour is not. Files need not exist; the rule reads the import text and the file's place.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'local/import-boundaries').map((m) => m.message);
}

const CASES: ReadonlyArray<readonly [file: string, source: string, forbidden: boolean]> = [
  ['client/app/x.ts', '../../mock-server/app.ts', true],
  ['client/app/x.ts', '../../contracts/index.ts', false],
  ['mock-server/handlers/x.ts', '../../client/api/storage.ts', true],
  ['mock-server/handlers/x.ts', '../../contracts/index.ts', false],
  ['contracts/calls/x.ts', '../../client/app/screens.ts', true],
  ['contracts/x.ts', '../mock-server/app.ts', true],
  ['contracts/calls/x.ts', '../enum.ts', false],
  ['client/features/qr-codes/screens/x.tsx', '../../domains/domain-parts.ts', true],
  ['client/features/qr-codes/screens/x.tsx', '../../domains/index.ts', false],
  ['client/features/qr-codes/screens/x.tsx', '../components/qr-code-dialog.tsx', false],
  ['client/app/x.ts', '../features/domains/domain-parts.ts', false],
  ['scripts/x.ts', '../tests/api/auth.test.ts', true],
  ['scripts/x.ts', '../tests/helpers/qr.ts', true],
  ['scripts/x.ts', '../harness/robustness/fuzz-runner.ts', false],
  ['harness/robustness/x.ts', '../../tests/helpers/qr.ts', true],
  ['tests/api/x.test.ts', '../../harness/server.ts', false],
];

describe('import boundaries (eslint.config.js)', () => {
  it.each(CASES)('%s importing %s: forbidden=%s', async (file, source, forbidden) => {
    for (const code of [`import { x } from '${source}';\nexport const y = x;\n`, `export const y = () => import('${source}');\n`]) {
      const errors = await boundaryErrors(file, code);
      expect(errors.length, errors.join('\n')).toBe(forbidden ? 1 : 0);
    }
  });
});
