import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One name per area (issue 19): contracts/registry.ts lists each calls file once, and a calls file's array holds
 * its own calls only (no file brings another's calls in under its name, as statistics-today.ts once did for the
 * historical ones). Read from the sources, since the registry's merged list cannot tell where a call came from.
 */
const CALLS_DIR = path.join(process.cwd(), 'contracts/calls');
const registry = fs.readFileSync(path.join(process.cwd(), 'contracts/registry.ts'), 'utf8');
const files = fs.readdirSync(CALLS_DIR).filter((f) => f.endsWith('.ts'));
const arrayOf = (file: string) => fs.readFileSync(path.join(CALLS_DIR, file), 'utf8').match(/export const (\w+Calls) = \[/)?.[1];

describe('the registry names each calls file once', () => {
  const listing = files.filter((f) => arrayOf(f));

  it.each(listing)('%s: imported once by the registry, its array spread once', (file) => {
    const imports = registry.match(new RegExp(`from '\\./calls/${file.replace('.', '\\.')}'`, 'g')) ?? [];
    expect(imports).toHaveLength(1);
    const spreads = registry.match(new RegExp(`\\.\\.\\.${arrayOf(file)}\\b`, 'g')) ?? [];
    expect(spreads).toHaveLength(1);
  });

  it.each(files)('%s: brings in no other file\'s calls array', (file) => {
    const text = fs.readFileSync(path.join(CALLS_DIR, file), 'utf8');
    expect(text).not.toMatch(/import \{[^}]*\b\w+Calls\b[^}]*\} from '\.\//);
  });

  it('lists no calls file that does not exist', () => {
    const named = [...registry.matchAll(/from '\.\/calls\/([\w-]+\.ts)'/g)].map((m) => m[1]);
    expect(named.filter((f) => !files.includes(f!))).toEqual([]);
    expect(new Set(named).size).toBe(named.length);
  });
});
