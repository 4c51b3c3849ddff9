import path from 'node:path';

/**
 * Which folder may import which: the house's one-way flow (contracts ← client, contracts ← mock-server) and
 * features that do not reach into each other. Resolves each relative import against the importing file, so
 * `../../mock-server/x.ts` is caught however deep the file sits; package imports are not this rule's business.
 *
 * Options: { forbid: [{ from, to, except?, exceptFrom?, why }], isolated: [{ folder, entry? }] } — paths
 * relative to the project root, folders ending in '/'. `except` spares targets, `exceptFrom` importing files.
 * An isolated folder's children never import each other; with `entry`, they may through that file only.
 */
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
                except: { type: 'array', items: { type: 'string' } },
                exceptFrom: { type: 'array', items: { type: 'string' } },
                why: { type: 'string' },
              },
              required: ['from', 'to', 'why'],
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
        },
        additionalProperties: false,
      },
    ],
    messages: {
      forbidden: "'{{from}}' may not import '{{to}}': {{why}}",
      isolated: "'{{from}}' may not reach into another feature ('{{to}}'); move the shared part out of features (the app composes them).",
      isolatedEntry: "'{{from}}' may not reach into another feature ('{{to}}'); import its '{{entry}}' or move the shared part out of features.",
    },
  },
  create(context) {
    const { forbid = [], isolated = [] } = context.options[0] ?? {};
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');

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
      for (const { folder, entry } of isolated) {
        if (!file.startsWith(folder) || !target.startsWith(folder)) continue;
        const own = file.slice(folder.length).split('/')[0];
        const [other, ...rest] = target.slice(folder.length).split('/');
        if (other === own || (entry && rest.join('/') === entry)) continue;
        context.report({ node, messageId: entry ? 'isolatedEntry' : 'isolated', data: { from: file, to: target, entry } });
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
