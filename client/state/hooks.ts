import { useDispatch, useSelector } from 'react-redux';
import { useParams } from 'react-router-dom';
import type { CoreState } from './core.ts';
import { selectAuthority } from './selectors.ts';

export const useCoreSelector = useSelector.withTypes<CoreState>();
export const useCoreDispatch = useDispatch;

/** The route name of the current `/customer/:name` screen ('' outside one). */
export function useRouteName(): string {
  return useParams<{ name: string }>().name ?? '';
}

/**
 * The current screen's authority list: the type 2 button paths under its menu item (e.g. ['add', 'update']).
 * `useAuthority().includes('update')` decides whether an action is offered; the server checks again.
 */
export function useAuthority(): readonly string[] {
  const route = useRouteName();
  return useCoreSelector((s) => selectAuthority(s, route));
}
