import { createSelector } from '@reduxjs/toolkit';
import { dataOf } from './async.ts';
import type { CoreState } from './core.ts';
import { authorityFor, defaultCustomerPath, firstLeafPath, isRouteGranted, navFromTree } from './menu.ts';

export const selectToken = (s: CoreState) => s.session.token;
export const selectUserInfo = (s: CoreState) => s.session.userInfo;
export const selectIsLoggedIn = (s: CoreState) => s.session.token !== null;
export const selectLanguage = (s: CoreState) => s.ui.language;
export const selectTheme = (s: CoreState) => s.ui.theme;
export const selectCallContext = createSelector([selectToken, selectLanguage], (token, language) => ({ token, language }));

/** The caller's own balance (micro-units) when their role holds money (customers recharge and buy, agents earn and withdraw), else null. */
export const selectOwnBalance = (s: CoreState): number | null => {
  const user = s.session.userInfo;
  return user && (user.role_kind === 'customer' || user.role_kind === 'agent') ? user.balance_micro : null;
};

export const selectWebsiteInfo = (s: CoreState) => dataOf(s.settings.websiteInfo);
/** Spec §1: registration counts as allowed until website info says otherwise. */
export const selectAllowRegister = (s: CoreState) => selectWebsiteInfo(s)?.allow_register ?? true;

const EMPTY: readonly never[] = [];
export const selectMenuTree = (s: CoreState) => dataOf(s.menu.tree) ?? EMPTY;
export const selectMenuStatus = (s: CoreState) => s.menu.tree.status;
export const selectNav = createSelector([selectMenuTree], (tree) => navFromTree(tree));
export const selectFirstLeafPath = createSelector([selectMenuTree], (tree) => firstLeafPath(tree));
export const selectDefaultCustomerPath = createSelector([selectMenuTree], (tree) => defaultCustomerPath(tree));
export const selectRouteGranted = (s: CoreState, route: string) => isRouteGranted(selectMenuTree(s), route);
export const selectAuthority = createSelector(
  [selectMenuTree, (_s: CoreState, route: string) => route],
  (tree, route) => authorityFor(tree, route),
);
