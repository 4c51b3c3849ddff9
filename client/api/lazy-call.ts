import type { CallDef } from '../../contracts/call.ts';

/**
 * A call whose descriptor (path plus zod schemas) is fetched on first use. The sagas of the public pages name
 * their calls this way (client/api/public-calls.ts), so the login page's first load carries neither zod nor
 * the contracts' schemas; `apiCall` (state/sagas/call.ts) loads the descriptor, then calls as usual.
 */
export interface LazyCall<C extends CallDef> {
  readonly load: () => Promise<C>;
}

export function isLazyCall<C extends CallDef>(call: C | LazyCall<C>): call is LazyCall<C> {
  return typeof (call as Partial<LazyCall<C>>).load === 'function';
}
