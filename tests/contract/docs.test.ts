import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README stays a five-minute read and the docs stay navigable: a short README, relative links (and their
 * #anchors) that land, every decision note in the index, and the product's pages speaking of the product rather
 * than of tracker items. Decision notes are history and may name what they were written under.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const README_MAX_LINES = 250;
const DECISIONS = path.join(ROOT, 'docs/decisions');

const read = (file: string) => fs.readFileSync(file, 'utf8');
const rel = (file: string) => path.relative(ROOT, file);

/** README.md and every Markdown file under docs/, as absolute paths. */
function markdownFiles(): string[] {
  const out = [path.join(ROOT, 'README.md')];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.md')) out.push(full);
    }
  };
  walk(path.join(ROOT, 'docs'));
  return out;
}

/** The text a reader sees as prose: fenced blocks and inline code removed (a path in backticks is not a link). */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const withoutFences = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const [, heading] of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const visible = heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = visible
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** Relative link and image targets of a Markdown file: `[text](target)` outside code, external ones left out. */
function relativeLinks(text: string): string[] {
  const targets: string[] = [];
  for (const [, target] of prose(text).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (!/^[a-z][a-z0-9+.-]*:/i.test(target!)) targets.push(target!);
  }
  return targets;
}

const files = markdownFiles();

describe('README and docs', () => {
  it(`README.md is at most ${README_MAX_LINES} lines`, () => {
    const lines = read(path.join(ROOT, 'README.md')).split('\n').length;
    expect(lines, 'README.md is the five-minute read: move the detail to a docs/ page and link it').toBeLessThanOrEqual(README_MAX_LINES);
  });

  it.each(files.map((f) => [rel(f), f] as const))('%s: every relative link lands on a file and heading that exist', (_, file) => {
    const broken: string[] = [];
    for (const target of relativeLinks(read(file))) {
      const [pathPart = '', anchor] = target.split('#', 2) as [string, string | undefined];
      const dest = pathPart ? path.resolve(path.dirname(file), decodeURIComponent(pathPart)) : file;
      if (!fs.existsSync(dest)) {
        broken.push(`${target}: no such file`);
        continue;
      }
      if (anchor && dest.endsWith('.md') && !anchorsOf(read(dest)).has(decodeURIComponent(anchor).toLowerCase()))
        broken.push(`${target}: no heading with that anchor in ${rel(dest)}`);
    }
    expect(broken).toEqual([]);
  });

  it('docs/decisions/README.md indexes every note', () => {
    const index = read(path.join(DECISIONS, 'README.md'));
    const linked = new Set(relativeLinks(index).map((t) => t.split('#')[0]));
    const notes = fs.readdirSync(DECISIONS).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.filter((n) => !linked.has(n))).toEqual([]);
  });

  it('the README and the topic pages name no tracker items ("issue 12")', () => {
    const pages = [path.join(ROOT, 'README.md'), ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => path.join(ROOT, 'docs', f)), path.join(DECISIONS, 'README.md')];
    const found = pages.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => (/\bissues?\s*#?\d+/i.test(line) ? [`${rel(file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found, 'say what the thing is, not which ticket asked for it').toEqual([]);
  });

  it('the README screenshot exists and stays small', () => {
    expect(fs.statSync(path.join(ROOT, 'docs/images/console.png')).size).toBeLessThan(200 * 1024);
  });
});
