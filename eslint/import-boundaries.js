import fs from 'node:fs';
import path from 'node:path';

/**
 * Which folder may import which: the house's one-way flow (contracts ← client, contracts ← mock-server), the
 * floors inside each wing, features that do not reach into each other, and no circle between folders. Resolves
 * each relative import against the importing file, so `../../mock-server/x.ts` is caught however deep the file
 * sits; package imports are not this rule's business.
 *
 * Options: { forbid: [{ from, to, except?, exceptFrom?, why }], floors: [{ name, floors: [[path, …], …] }],
 * isolated: [{ folder, entry? }], cycles: [{ root }] } — paths relative to the project root, folders ending in '/'.
 * - forbid: `except` spares targets, `exceptFrom` importing files.
 * - floors: the folders of one wing from the ground up; a file imports its own floor and the floors below only.
 * - isolated: a folder's children never import each other; with `entry`, they may through that file only.
 * - cycles: no circle of imports between the rooms of `root` (a room is a folder right under it, or a file
 *   standing there; under `features/` each feature is a room). The graph is read from the files on disk once
 *   per process (an editor's long-lived ESLint sees it as it was when first asked).
 */

const SOURCE = /\.(?:ts|tsx|js|mjs)$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The room of `file` (a path from the project root) under `root`, or null when the file is not under it. */
export function roomOf(root, file) {
  if (!file.startsWith(root)) return null;
  const parts = file.slice(root.length).split('/');
  if (parts.length === 1) return root + parts[0];
  if (parts[0] === 'features' && parts.length > 2) return `${root}features/${parts[1]}/`;
  return `${root}${parts[0]}/`;
}

/** Every circle of the room graph `edges` (Map room → Set of rooms): Tarjan's strongly connected components of two rooms or more. */
export function circlesOf(edges) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** The room graph of `root` read from disk: room → rooms its files import. */
export function roomGraph(cwd, root) {
  const edges = new Map();
  const dir = path.join(cwd, root);
  if (!fs.existsSync(dir)) return edges;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !SOURCE.test(entry.name) || entry.name.endsWith('.d.ts')) continue;
    const full = path.join(entry.parentPath, entry.name);
    const file = path.relative(cwd, full).split(path.sep).join('/');
    const from = roomOf(root, file);
    const text = fs.readFileSync(full, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const target = path.relative(cwd, path.resolve(path.dirname(full), m[1])).split(path.sep).join('/');
      const to = roomOf(root, target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  return edges;
}

/** Per process and root: room → the circle it stands in. */
const circleCache = new Map();
function circleOf(cwd, root) {
  const key = `${cwd}\0${root}`;
  if (!circleCache.has(key)) {
    const byRoom = new Map();
    for (const circle of circlesOf(roomGraph(cwd, root))) for (const room of circle) byRoom.set(room, circle);
    circleCache.set(key, byRoom);
  }
  return circleCache.get(key);
}

const pathList = { type: 'array', items: { type: 'string' } };

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports inside the folder boundaries of the house.' },
    schema: [
      {
        type: 'object',
        properties: {
          forbid: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                from: { type: 'string' },
                to: { type: 'string' },
                except: pathList,
                exceptFrom: pathList,
                why: { type: 'string' },
              },
              required: ['from', 'to', 'why'],
              additionalProperties: false,
            },
          },
          floors: {
            type: 'array',
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, floors: { type: 'array', items: pathList } },
              required: ['name', 'floors'],
              additionalProperties: false,
            },
          },
          isolated: {
            type: 'array',
            items: {
              type: 'object',
              properties: { folder: { type: 'string' }, entry: { type: 'string' } },
              required: ['folder'],
              additionalProperties: false,
            },
          },
          cycles: {
            type: 'array',
            items: { type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      forbidden: "'{{from}}' may not import '{{to}}': {{why}}",
      upFloor: "'{{from}}' may not import '{{to}}': {{wing}} imports run down its floors ({{order}}), never up",
      isolated: "'{{from}}' may not reach into another feature ('{{to}}'); move the shared part out of features (the app composes them).",
      isolatedEntry: "'{{from}}' may not reach into another feature ('{{to}}'); import its '{{entry}}' or move the shared part out of features.",
      cycle: "'{{from}}' may not import '{{to}}': it closes a circle of folders ({{circle}}); one of them must stop importing the other",
    },
  },
  create(context) {
    const { forbid = [], floors = [], isolated = [], cycles = [] } = context.options[0] ?? {};
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const floorOf = (wing, p) => wing.floors.findIndex((floor) => floor.some((f) => p.startsWith(f)));

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(context.filename), source)).split(path.sep).join('/');
      for (const f of forbid) {
        if (
          file.startsWith(f.from) &&
          target.startsWith(f.to) &&
          !(f.except ?? []).some((e) => target.startsWith(e)) &&
          !(f.exceptFrom ?? []).some((e) => file.startsWith(e))
        ) {
          context.report({ node, messageId: 'forbidden', data: { from: file, to: target, why: f.why } });
          return;
        }
      }
      for (const wing of floors) {
        const mine = floorOf(wing, file);
        const theirs = floorOf(wing, target);
        if (mine >= 0 && theirs > mine) {
          const order = wing.floors.map((fl) => fl.join(' ')).join(' < ');
          context.report({ node, messageId: 'upFloor', data: { from: file, to: target, wing: wing.name, order } });
          return;
        }
      }
      for (const { folder, entry } of isolated) {
        if (!file.startsWith(folder) || !target.startsWith(folder)) continue;
        const own = file.slice(folder.length).split('/')[0];
        const [other, ...rest] = target.slice(folder.length).split('/');
        if (other === own || (entry && rest.join('/') === entry)) continue;
        context.report({ node, messageId: entry ? 'isolatedEntry' : 'isolated', data: { from: file, to: target, entry } });
        return;
      }
      for (const { root: r } of cycles) {
        const from = roomOf(r, file);
        const to = roomOf(r, target);
        if (!from || !to || from === to) continue;
        const circle = circleOf(root, r).get(from);
        if (circle && circle.includes(to)) context.report({ node, messageId: 'cycle', data: { from: file, to: target, circle: circle.join(', ') } });
      }
    }

    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'import-boundaries': rule } };
