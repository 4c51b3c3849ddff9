import path from 'node:path';

/** The part of rolldown's chunking context this needs (rolldown's ChunkingContext). */
interface Graph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/**
 * One chunk for the code every screen behind login loads and no page before login does (issue 25, decision
 * docs/decisions/2026-11-26-console-first-screen.md). The bundler otherwise cuts it by sharing pattern into
 * ~60 small chunks (each slice, each contract file, each Blueprint component), and a phone on slow 4G
 * fetches them over HTTP/1.1's six connections a round trip after another.
 *
 * The set: what the session roots (session-modules.ts and the route screen, both loaded on every address
 * under /customer) import statically, minus anything a page before login can reach
 * at all (the entry, its lazy chunks, their lazy chunks …, never walking into the session roots or the
 * warm-up that imports them). So the login and public pages load exactly what they loaded before, and a
 * logged-in page loads the same bytes in fewer requests. Computed once per build, from the module graph.
 */
export function sessionChunk(clientDir: string) {
  const entry = path.join(clientDir, 'main.tsx');
  // Not the layout: its stylesheet must keep coming after Blueprint's frame CSS (same-specificity rules,
  // the later wins), and the session modules load before the frame.
  const roots = ['app/session-modules.ts', 'app/route-screen.tsx'].map((f) => path.join(clientDir, f));
  const fence = new Set([...roots, path.join(clientDir, 'app/warm-session.ts')]);
  // The route table stays a chunk of its own: the warm-up (app/warm-session.ts) reads it to start the first
  // screen's download, which must not wait for the whole session chunk to arrive and run.
  const apart = new Set([path.join(clientDir, 'app/screens.ts')]);
  let members: Set<string> | null = null;

  function compute(graph: Graph): Set<string> {
    const publicReach = new Set<string>();
    const stack = [entry];
    while (stack.length) {
      const id = stack.pop()!;
      if (publicReach.has(id) || fence.has(id)) continue;
      publicReach.add(id);
      const info = graph.getModuleInfo(id);
      if (info) stack.push(...info.importedIds, ...info.dynamicallyImportedIds);
    }
    const session = new Set<string>();
    const todo = [...roots];
    while (todo.length) {
      const id = todo.pop()!;
      if (session.has(id)) continue;
      session.add(id);
      todo.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    for (const id of publicReach) session.delete(id);
    for (const id of apart) session.delete(id);
    const sheets = [...session].filter((id) => /\.css(?:$|\?)/.test(id));
    if (sheets.length) {
      // A stylesheet here would be inserted when the session modules load, before Blueprint's frame CSS,
      // and lose the cascade to it: keep styled components out of the session roots' static imports.
      throw new Error(`session chunk: stylesheets would change the cascade order: ${sheets.join(', ')}`);
    }
    return session;
  }

  return (id: string, graph: Graph): string | null => {
    members ??= compute(graph);
    return members.has(id) ? 'session' : null;
  };
}
