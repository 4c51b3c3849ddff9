import type { UserMessage } from './message.ts';

/**
 * Async state is a union on `status`, never a bag of booleans. `Loadable<T>` keeps the last good data while
 * reloading or after a failure, so screens do not flash empty.
 */
export type AsyncStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export type Async<E = UserMessage> =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'succeeded' }
  | { readonly status: 'failed'; readonly error: E };

export type Loadable<T, E = UserMessage> =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly data?: T }
  | { readonly status: 'succeeded'; readonly data: T }
  | { readonly status: 'failed'; readonly error: E; readonly data?: T };

export const idle = { status: 'idle' } as const;
export const loading = { status: 'loading' } as const;
export const succeeded = { status: 'succeeded' } as const;
export const failed = <E>(error: E) => ({ status: 'failed', error }) as const;

export function loaded<T>(data: T): Loadable<T> {
  return { status: 'succeeded', data };
}
export function loadingFrom<T>(prev: Loadable<T>): Loadable<T> {
  const data = dataOf(prev);
  return data !== undefined ? { status: 'loading', data } : { status: 'loading' };
}
export function failedFrom<T>(prev: Loadable<T>, error: UserMessage): Loadable<T> {
  const data = dataOf(prev);
  return data !== undefined ? { status: 'failed', error, data } : { status: 'failed', error };
}
export function dataOf<T>(l: Loadable<T>): T | undefined {
  return 'data' in l ? l.data : undefined;
}
