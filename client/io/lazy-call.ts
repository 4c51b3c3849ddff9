import type { CallDef } from '../../contracts/index.ts';

/**
 * A call whose descriptor (zod schemas) is fetched on first use, named by its path. The sagas of the public
 * pages name their calls this way (client/io/public-calls.ts), so the login page's first load carries neither
 * zod nor the contracts' schemas. `callApi` sends the request at once and loads the descriptor meanwhile; the
 * answer is checked against it as for any call, so the download adds no round trip before the answer.
 */
export interface LazyCall<C extends CallDef> {
  readonly path: C['path'];
  readonly load: () => Promise<C>;
}

export function isLazyCall<C extends CallDef>(call: C | LazyCall<C>): call is LazyCall<C> {
  return typeof (call as Partial<LazyCall<C>>).load === 'function';
}
