import { Button, Intent, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { builtInNameKey, formatMoney } from '../../../contracts/index.ts';
import { routePath } from '../../state/menu.ts';
import { useCoreDispatch, useCoreSelector } from '../../state/hooks.ts';
import { selectOwnBalance, selectRouteGranted, selectUserInfo } from '../../state/selectors.ts';
import { sessionEvents } from '../../state/session-slice.ts';
import { uiEvents } from '../../state/ui-slice.ts';
import { Question } from '../../components/question.tsx';
import { usePhoneLayout } from './use-phone-layout.ts';

/** Account name, change password, menu position and logout (confirmed with an Alert). */
export function UserMenu({ compact = false }: { /** Icon only (mobile header). Default false. */ compact?: boolean }) {
  const { t } = useTranslation();
  const dispatch = useCoreDispatch();
  const user = useCoreSelector(selectUserInfo);
  const layoutMode = useCoreSelector((s) => s.ui.layoutMode);
  const isMobile = usePhoneLayout();
  const [confirming, setConfirming] = useState(false);
  const canBill = useCoreSelector((s) => selectRouteGranted(s, 'bill'));
  // Customers and agents hold money of their own; the figure is the store's, moved live by frame 25.
  const balance = useCoreSelector(selectOwnBalance);

  const roleKey = builtInNameKey('role', user?.role_name ?? '');
  const roleName = roleKey ? t(roleKey) : (user?.role_name ?? '');

  return (
    <>
      <PopoverNext
        placement="bottom-end"
        content={
          <Menu aria-label={t('layout.user_menu')}>
            <MenuDivider title={compact ? `${user?.account ?? ''} · ${roleName}` : roleName} />
            {balance !== null && (
              <MenuItem
                icon="bank-account"
                data-testid="menu-balance"
                text={t('layout.balance', { amount: formatMoney(balance) })}
                href={canBill ? `#${routePath('bill')}` : `#${routePath('personal_center')}`}
              />
            )}
            <MenuItem icon="user" text={t('menu.personal_center')} href={`#${routePath('personal_center')}`} />
            <MenuItem icon="key" text={t('menu.update_password')} href={`#${routePath('update_password')}`} />
            {!isMobile && (
              <MenuItem
                icon="page-layout"
                text={t(layoutMode === 'side' ? 'layout.layout_mode.top' : 'layout.layout_mode.side')}
                onClick={() => dispatch(uiEvents.layoutModeChanged(layoutMode === 'side' ? 'top' : 'side'))}
              />
            )}
            <MenuDivider />
            <MenuItem icon="log-out" intent={Intent.DANGER} text={t('common.actions.logout')} onClick={() => setConfirming(true)} />
          </Menu>
        }
      >
        <Button
          variant="minimal"
          icon="user"
          endIcon={compact ? undefined : 'caret-down'}
          text={compact ? undefined : user?.account}
          title={compact ? user?.account : undefined}
          // The visible account name must be part of the accessible name (WCAG 2.5.3, axe label-content-name-mismatch).
          aria-label={compact || !user ? t('layout.user_menu') : `${user.account} · ${t('layout.user_menu')}`}
        />
      </PopoverNext>
      <Question
        isOpen={confirming}
        icon="log-out"
        intent={Intent.DANGER}
        cancelButtonText={t('common.actions.cancel')}
        confirmButtonText={t('common.actions.logout')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          dispatch(sessionEvents.logoutConfirmed());
        }}
      >
        <p>{t('auth.logout_confirm')}</p>
      </Question>
    </>
  );
}
