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
  ['mock-server/handlers/x.ts', '../../client/io/storage.ts', true],
  ['mock-server/handlers/x.ts', '../../contracts/index.ts', false],
  ['contracts/calls/x.ts', '../../client/app/screens.ts', true],
  ['contracts/x.ts', '../mock-server/app.ts', true],
  ['contracts/calls/x.ts', '../enum.ts', false],
  ['client/features/qr-codes/screens/x.tsx', '../../domains/domain-parts.ts', true],
  // No barrel either (issue 19): a part two features share lives below features/.
  ['client/features/qr-codes/screens/x.tsx', '../../domains/index.ts', true],
  ['client/features/vip/components/x.tsx', '../../qr-codes/index.ts', true],
  ['client/features/vip/components/x.tsx', '../../../components/qr/qr-image.tsx', false],
  ['client/features/qr-codes/screens/x.tsx', '../components/qr-code-dialog.tsx', false],
  ['client/app/x.ts', '../features/domains/domain-parts.ts', false],
  ['scripts/x.ts', '../tests/api/auth.test.ts', true],
  ['scripts/x.ts', '../tests/helpers/qr.ts', true],
  ['scripts/x.ts', '../harness/robustness/fuzz-runner.ts', false],
  ['harness/robustness/x.ts', '../../tests/helpers/qr.ts', true],
  ['tests/api/x.test.ts', '../../harness/server.ts', false],
  ['mock-server/control/x.ts', '../../harness/server.ts', true],
  ['scripts/x.ts', '../mock-server/db/bulk-seed.ts', false],
  // Client floors: resources, components, state and api never reach up into features/ or app/.
  ['client/resources/components/x.tsx', '../../features/qr-codes/qr-code-parts.tsx', true],
  ['client/resources/x.ts', '../app/screens.ts', true],
  ['client/components/x.tsx', '../app/providers.tsx', true],
  ['client/components/chart/x.tsx', '../../features/statistics/declarations.ts', true],
  ['client/state/x.ts', '../features/auth/sagas/auth-sagas.ts', true],
  ['client/io/effects/x.ts', '../../app/store.ts', true],
  ['client/resources/components/x.tsx', '../../components/page-state.tsx', false],
  ['client/features/users/screens/x.tsx', '../../../resources/components/resource-form.tsx', false],
  // Server floors: no leaf imports a handler; the engine imports no area; the ground imports nothing above it;
  // what compose.ts builds never imports it.
  ['mock-server/jobs/kinds/x.ts', '../../handlers/qr-codes.ts', true],
  ['mock-server/http/x.ts', '../handlers/index.ts', true],
  ['mock-server/qr/x.ts', '../handlers/domains.ts', true],
  ['mock-server/app.ts', './handlers/index.ts', false],
  ['mock-server/handlers/x.ts', './user.ts', false],
  ['mock-server/resources/x.ts', '../qr/qr-codes.ts', true],
  ['mock-server/resources/x.ts', '../http/handler.ts', true],
  ['mock-server/resources/x.ts', '../services/scope.ts', false],
  ['mock-server/resources/x.ts', './engine.ts', false],
  ['mock-server/services/x.ts', '../http/errors.ts', true],
  ['mock-server/services/x.ts', './clock.ts', false],
  ['mock-server/jobs/x.ts', '../compose.ts', true],
  ['mock-server/shield/x.ts', '../compose.ts', true],
  ['mock-server/handlers/x.ts', '../compose.ts', false],
  ['mock-server/db/x.ts', '../compose.ts', false],
];

describe('import boundaries (eslint.config.js)', () => {
  it.each(CASES)('%s importing %s: forbidden=%s', async (file, source, forbidden) => {
    for (const code of [`import { x } from '${source}';\nexport const y = x;\n`, `export const y = () => import('${source}');\n`]) {
      const errors = await boundaryErrors(file, code);
      expect(errors.length, errors.join('\n')).toBe(forbidden ? 1 : 0);
    }
  });
});
