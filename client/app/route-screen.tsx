import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { isRouteName, type RouteName } from '../../contracts/index.ts';
import { NoPermissionScreen } from '../features/status-pages/no-permission-screen.tsx';
import { NotBuiltScreen } from '../features/status-pages/not-built-screen.tsx';
import { NotFoundScreen } from '../features/status-pages/not-found-screen.tsx';
import { useUserMessage } from '../components/use-user-message.ts';
import { dataOf } from '../state/async.ts';
import { useCoreDispatch, useCoreSelector } from '../state/hooks.ts';
import { menuEvents } from '../state/menu-slice.ts';
import { selectDefaultCustomerPath, selectMenuTree } from '../state/selectors.ts';
import { isRouteGranted } from '../state/menu.ts';
import { screenFor } from './screen-for.ts';
import { screens, type Screen } from './screens.ts';
import { ScreenLoading } from '../first-paint/screen-loading.tsx';
import { FirstPaintDone } from '../first-paint/takeover.tsx';

/**
 * Waits for the first menu tree (permissions come from it); offers a retry if it failed. A reload of a tree
 * already shown (frame 23) keeps the screen: unmounting it would drop open dialogs and half-filled forms.
 */
function useMenuReady(): React.JSX.Element | null {
  const { t } = useTranslation();
  const say = useUserMessage();
  const dispatch = useCoreDispatch();
  const tree = useCoreSelector((s) => s.menu.tree);
  if (tree.status === 'succeeded' || (tree.status === 'loading' && dataOf(tree) !== undefined)) return null;
  if (tree.status === 'failed')
    return (
      <NonIdealState
        icon="error"
        title={t('status_pages.menu_failed')}
        description={say(tree.error)}
        action={<Button icon="refresh" text={t('common.actions.retry')} onClick={() => dispatch(menuEvents.retryRequested())} />}
      />
    );
  return <ScreenLoading otherwise={<NonIdealState icon={<Spinner />} title={t('common.states.loading')} />} />;
}

/**
 * /customer/:name — unknown name: 404; not in the user's menu: no permission; else its screen, or (production
 * only; development throws naming the route, screen-for.ts) "not built yet". `table`: the screens (tests).
 */
export function RouteScreen({ table = screens }: { table?: Readonly<Partial<Record<RouteName, Screen>>> }) {
  const name = useParams<{ name: string }>().name ?? '';
  const tree = useCoreSelector(selectMenuTree);
  const waiting = useMenuReady();
  if (!isRouteName(name)) return <NotFoundScreen home="/customer" />;
  if (waiting) return waiting;
  const granted = isRouteGranted(tree, name);
  const Found = granted ? screenFor(name, table) : null;
  return (
    <>
      {/* FirstPaintDone: the landing screen's first paint (client/first-paint/takeover.tsx) has served once the screen renders. */}
      {!granted ? <NoPermissionScreen route={name} /> : Found ? <Found /> : <NotBuiltScreen route={name} />}
      <FirstPaintDone />
    </>
  );
}

/** /customer: today_statistics if granted, else the first granted leaf. */
export function CustomerIndex() {
  const { t } = useTranslation();
  const waiting = useMenuReady();
  const target = useCoreSelector(selectDefaultCustomerPath);
  if (waiting) return waiting;
  if (!target) return <NonIdealState icon="disable" title={t('status_pages.empty_menu')} />;
  return <Navigate to={target} replace />;
}
