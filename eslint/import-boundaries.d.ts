import type { ESLint } from 'eslint';

/** The import-boundaries rule as a plugin (import-boundaries.js), and the two graph helpers its test checks. */
declare const plugin: ESLint.Plugin;
export default plugin;
/** The room of `file` under `root`: a folder right under it, a file standing there, or a feature under `features/`. */
export function roomOf(root: string, file: string): string | null;
/** The circles (strongly connected components of two rooms or more) of a room graph, each sorted. */
export function circlesOf(edges: Map<string, Set<string>>): string[][];
/** The room graph of `root` as the files on disk import. */
export function roomGraph(cwd: string, root: string): Map<string, Set<string>>;
