import type { CallDef } from '../../../contracts/index.ts';
import type { Effects, ToastIntent, ToastMessage } from '../../../client/io/effects/browser-effects.ts';
import { ApiError } from '../../../client/io/errors.ts';
import type { LazyCall } from '../../../client/io/lazy-call.ts';
import { memoryStorage, type StorageKey } from '../../../client/io/storage.ts';

/** What a fake server answers for a call path: data, or an ApiError to throw. */
export type Answer = unknown | ApiError;
export type Routes = Record<string, (body: unknown) => Answer>;

/** Effects that record what the sagas did and answer calls from `routes` (unknown path: 404). */
export function fakeEffects(routes: Routes, storage: Partial<Record<StorageKey, string>> = {}) {
  const calls: { path: string; body: unknown; token: string | null; language: string }[] = [];
  const navigations: string[] = [];
  const toasts: { message: ToastMessage; intent: ToastIntent }[] = [];
  let path = '/admin_login';
  const effects: Effects = {
    async callApi<C extends CallDef>(call: C | LazyCall<C>, body: unknown, ctx: { token: string | null; language: string }) {
      calls.push({ path: call.path, body, token: ctx.token, language: ctx.language });
      const route = routes[call.path];
      const answer = route ? route(body) : new ApiError(call.path, 404, 'Not found');
      if (answer instanceof ApiError) throw answer;
      return answer as never;
    },
    encryptPassword: async (plain) => `enc(${plain})`,
    storage: memoryStorage(storage),
    navigate(to) {
      navigations.push(to);
      path = to;
    },
    currentPath: () => path,
    reload() {},
    toast: (message, intent) => void toasts.push({ message, intent }),
    setDocumentTitle() {},
    setFavicon() {},
    userAgent: 'vitest',
    openSocket: null,
    random: () => 0.5,
    now: () => 0,
  };
  return { effects, calls, navigations, toasts };
}

/** Wait until `check` holds (sagas resume on microtasks and the session module is a dynamic import). */
export async function until(check: () => boolean, ms = 3000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 5));
  }
}
