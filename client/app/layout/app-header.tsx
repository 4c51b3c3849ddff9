import { Button, Navbar, NavbarDivider, NavbarGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { SiteBrand } from '../../components/site-brand.tsx';
import { ThemeSwitcher } from '../../components/theme-switcher.tsx';
import { OnlineIndicator } from '../../features/connectivity/components/online-indicator.tsx';
import type { NavItem } from '../../state/menu.ts';
import { useCoreDispatch, useCoreSelector } from '../../state/hooks.ts';
import { uiEvents } from '../../state/ui-slice.ts';
import { TopNav } from './top-nav.tsx';
import { UserMenu } from './user-menu.tsx';
import { usePhoneLayout } from './use-phone-layout.ts';
import styles from './app-layout.module.css';

export function AppHeader({ nav, current }: { nav: readonly NavItem[]; current: string }) {
  const { t } = useTranslation();
  const dispatch = useCoreDispatch();
  const isMobile = usePhoneLayout();
  const topMode = useCoreSelector((s) => s.ui.layoutMode === 'top') && !isMobile;
  return (
    <Navbar className={styles.header}>
      <NavbarGroup className={styles.headerLeft}>
        {isMobile && (
          <Button variant="minimal" icon="menu" aria-label={t('layout.open_menu')} onClick={() => dispatch(uiEvents.mobileMenuToggled(true))} />
        )}
        <a href="#/customer" className={styles.brandLink}>
          <SiteBrand compact={isMobile} />
        </a>
        {topMode && (
          <>
            <NavbarDivider />
            <TopNav nav={nav} current={current} />
          </>
        )}
      </NavbarGroup>
      <NavbarGroup align="right" className={styles.headerRight}>
        <OnlineIndicator />
        <LanguageSwitcher compact={isMobile} />
        <ThemeSwitcher />
        {!isMobile && <NavbarDivider />}
        <UserMenu compact={isMobile} />
      </NavbarGroup>
    </Navbar>
  );
}
