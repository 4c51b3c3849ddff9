import { Drawer, NonIdealState, Position, Spinner } from '@blueprintjs/core';
import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../contracts/index.ts';
import { sessionTextsFor } from '../i18n.ts';
import { Outlet, useParams } from 'react-router-dom';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { SiteBrand } from '../../components/site-brand.tsx';
import { useCoreDispatch, useCoreSelector } from '../../state/hooks.ts';
import { selectNav } from '../../state/selectors.ts';
import { uiEvents } from '../../state/ui-slice.ts';
import { MessageNotice } from '../../features/messages/components/message-notice.tsx';
import { RealtimeNotice } from '../../features/realtime/components/realtime-notice.tsx';
import { AppHeader } from './app-header.tsx';
import { SideNav } from './side-nav.tsx';
import { SkipLink } from './skip-link.tsx';
import { useConsoleHotkeys } from './use-console-hotkeys.ts';
import { usePhoneLayout } from './use-phone-layout.ts';
import { ScreenLoading } from '../../first-paint/screen-loading.tsx';
import styles from './app-layout.module.css';

/** Left menu width (spec §9); 0 in top-menu mode. */
export const SIDE_WIDTH = 210;
const CONTENT_ID = 'content';

/** The console frame behind login: header, menu (left, top or a drawer on mobile) and the screen. */
export default function AppLayout() {
  const { t, i18n } = useTranslation();
  // The texts behind login come with the frame (i18n's language changes only once they are added).
  use(sessionTextsFor(i18n, i18n.language as Locale));
  const dispatch = useCoreDispatch();
  const nav = useCoreSelector(selectNav);
  const current = useParams<{ name: string }>().name ?? '';
  const { layoutMode, mobileMenuOpen } = useCoreSelector((s) => s.ui);
  const isMobile = usePhoneLayout();
  const sideWidth = isMobile || layoutMode === 'top' ? 0 : SIDE_WIDTH;
  useConsoleHotkeys();

  return (
    <div className={styles.frame} style={{ ['--side-width' as string]: `${sideWidth}px` }}>
      <SkipLink contentId={CONTENT_ID} />
      <AppHeader nav={nav} current={current} />
      <div className={styles.body}>
        {sideWidth > 0 && (
          <nav className={styles.side} aria-label={t('layout.main_navigation')}>
            <SideNav nav={nav} current={current} />
          </nav>
        )}
        <main id={CONTENT_ID} tabIndex={-1} className={styles.content}>
          <RealtimeNotice />
          {/* A screen whose chunk (or its chart's) fails to download fails alone: the frame, menu and
              connection indicator stay. A new route starts afresh. */}
          <ErrorBoundary key={current}>
            <Suspense fallback={<ScreenLoading otherwise={<NonIdealState icon={<Spinner />} title={t('common.states.loading')} />} />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
        <MessageNotice />
      </div>
      {isMobile && (
        <Drawer
          isOpen={mobileMenuOpen}
          position={Position.LEFT}
          size={260}
          title={<SiteBrand />}
          onClose={() => dispatch(uiEvents.mobileMenuToggled(false))}
        >
          <nav className={styles.drawerNav} aria-label={t('layout.main_navigation')}>
            <SideNav nav={nav} current={current} onNavigate={() => dispatch(uiEvents.mobileMenuToggled(false))} />
          </nav>
        </Drawer>
      )}
    </div>
  );
}
