import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import boundaries, { circlesOf, roomOf } from '../../eslint/import-boundaries.js';

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
  ['scripts/x.ts', '../mock-server/seed/bulk.ts', false],
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
  // db/ opens and migrates only: filling the database knows the areas and lives in seed/.
  ['mock-server/db/x.ts', '../compose.ts', true],
  ['mock-server/db/x.ts', '../services/clock.ts', false],
  ['mock-server/seed/x.ts', '../compose.ts', false],
  ['mock-server/seed/x.ts', '../../fixtures/seed/users.ts', false],
  ['mock-server/qr/x.ts', '../../fixtures/seed/qr-codes.ts', true],
  // The HTTP layer knows no area: compose.ts hands it the checks that belong to areas.
  ['mock-server/http/x.ts', '../money/membership.ts', true],
  ['mock-server/http/x.ts', '../users/target-guard.ts', true],
  ['mock-server/http/x.ts', '../visit-rules/ip-black.ts', true],
  ['mock-server/http/x.ts', '../compose.ts', false],
  ['mock-server/http/x.ts', '../services/call-checks.ts', false],
  ['mock-server/users/x.ts', '../compose.ts', true],
  // The client's floors, ground up: api/locales < state < components/first-paint < resources < shared < features < app < entries.
  ['client/components/x.tsx', '../resources/effects/download.ts', true],
  ['client/components/x.tsx', '../shared/order-columns.ts', true],
  ['client/state/x.ts', '../components/toaster.ts', true],
  ['client/io/x.ts', '../state/core.ts', true],
  ['client/first-paint/x.tsx', '../app/router.tsx', true],
  ['client/shared/x.ts', '../features/vip/payment-slice.ts', true],
  ['client/resources/x.ts', '../shared/order-columns.ts', true],
  ['client/shared/x.ts', '../resources/types.ts', false],
  ['client/features/agents/screens/x.tsx', '../../../shared/order-columns.ts', false],
  ['client/prerender.tsx', './app/router.tsx', false],
  ['client/app/x.ts', '../first-paint/takeover.tsx', false],
  // contracts/index.ts is the one entry point; the few lazy loads that may not use it are listed in eslint.config.js.
  ['client/io/x.ts', '../../contracts/call.ts', true],
  ['client/features/vip/screens/x.tsx', '../../../../contracts/bill-remarks.ts', true],
  ['mock-server/money/x.ts', '../../contracts/bill-remarks.ts', true],
  ['mock-server/money/x.ts', '../../contracts/index.ts', false],
  ['client/features/debug/x.ts', '../../../contracts/scenario.ts', false],
  ['client/app/locale-resources.ts', '../../contracts/i18n/pseudo.ts', false],
];

describe('import boundaries (eslint.config.js)', () => {
  it.each(CASES)('%s importing %s: forbidden=%s', async (file, source, forbidden) => {
    for (const code of [`import { x } from '${source}';\nexport const y = x;\n`, `export const y = () => import('${source}');\n`]) {
      const errors = await boundaryErrors(file, code);
      expect(errors.length, errors.join('\n')).toBe(forbidden ? 1 : 0);
    }
  });
});

describe('no circle of folders (the cycles option)', () => {
  it('reports each import of a circle between folders, on a tree on disk, and nothing once the circle is open', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      };
      write('client/components/a.ts', "import { b } from '../resources/b.ts';\nexport const a = b;\n");
      write('client/resources/b.ts', "export const b = 1;\n");
      write('client/resources/c.ts', "import { a } from '../components/a.ts';\nexport const c = a;\n");
      write('client/features/x/d.ts', "import { b } from '../../resources/b.ts';\nexport const d = b;\n");
      const lint = async (folderCycles: boolean) => {
        const cycles = folderCycles ? [{ root: 'client/' }] : [];
        const local = new ESLint({
          cwd: dir,
          overrideConfigFile: true,
          overrideConfig: [
            { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { local: boundaries }, rules: { 'local/import-boundaries': ['error', { cycles }] } },
          ],
        });
        const results = await local.lintFiles(['client/**/*.ts']);
        return results.flatMap((r) => r.messages.map((m) => `${path.relative(dir, r.filePath)}: ${m.message}`));
      };
      const found = await lint(true);
      expect(found).toHaveLength(2);
      expect(found.join('\n')).toMatch(/client\/components\/a\.ts: .*closes a circle of folders \(client\/components\/, client\/resources\/\)/);
      expect(found.join('\n')).toMatch(/client\/resources\/c\.ts: .*closes a circle/);
      expect(await lint(false)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds circles and rooms as the rule reads them', () => {
    expect(roomOf('client/', 'client/features/vip/screens/x.tsx')).toBe('client/features/vip/');
    expect(roomOf('client/', 'client/main.tsx')).toBe('client/main.tsx');
    expect(roomOf('mock-server/', 'mock-server/http/router.ts')).toBe('mock-server/http/');
    expect(roomOf('mock-server/', 'contracts/index.ts')).toBeNull();
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set<string>()],
    ]);
    expect(circlesOf(edges)).toEqual([['a', 'b', 'c']]);
    edges.get('c')!.delete('a');
    expect(circlesOf(edges)).toEqual([]);
  });
});
