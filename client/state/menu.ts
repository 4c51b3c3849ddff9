import { isRouteName, MENU_TYPE_CODES, type MenuItem, type RouteName } from '../../contracts/index.ts';

/**
 * Pure derivations from the server's menu tree (`menu/token_menu`). Type 1 items are routes: groups have
 * path '' and children, leaves have `path` = a route name of contracts/routes.ts; a leaf's type 2 children
 * are its buttons, i.e. the page's authority list. Sort rule (§9): a larger `sort` ranks higher.
 */

export const CUSTOMER_BASE = '/customer';
export const DEFAULT_CUSTOMER_ROUTE: RouteName = 'today_statistics';

export type NavLeaf = { readonly kind: 'leaf'; readonly id: number; readonly route: RouteName; readonly labelKey: string; readonly icon: string };
export type NavGroup = {
  readonly kind: 'group';
  readonly id: number;
  readonly labelKey: string;
  readonly icon: string;
  readonly children: readonly NavItem[];
};
export type NavItem = NavLeaf | NavGroup;

const isRoute = (m: MenuItem) => m.type === MENU_TYPE_CODES.route;
const bySortDesc = (a: MenuItem, b: MenuItem) => b.sort - a.sort;
const labelKeyOf = (m: MenuItem) => m.language_variables || m.name;

export function routePath(route: RouteName): string {
  return `${CUSTOMER_BASE}/${route}`;
}

/** Navigation: type 1 items only, sorted, empty groups dropped; a leaf naming no console route is left out. */
export function navFromTree(tree: readonly MenuItem[]): NavItem[] {
  const out: NavItem[] = [];
  for (const m of [...tree].filter(isRoute).sort(bySortDesc)) {
    if (m.path) {
      if (isRouteName(m.path)) out.push({ kind: 'leaf', id: m.id, route: m.path, labelKey: labelKeyOf(m), icon: m.icon });
    } else {
      const children = navFromTree(m.children);
      if (children.length) out.push({ kind: 'group', id: m.id, labelKey: labelKeyOf(m), icon: m.icon, children });
    }
  }
  return out;
}

/** Every leaf in navigation order. */
export function navLeaves(nav: readonly NavItem[]): NavLeaf[] {
  return nav.flatMap((n) => (n.kind === 'leaf' ? [n] : navLeaves(n.children)));
}

function findRouteItem(tree: readonly MenuItem[], route: string): MenuItem | undefined {
  for (const m of tree) {
    if (!isRoute(m)) continue;
    if (m.path === route) return m;
    const found = findRouteItem(m.children, route);
    if (found) return found;
  }
  return undefined;
}

/** The authority list of a route: the paths of its type 2 children. Empty when the route is not granted. */
export function authorityFor(tree: readonly MenuItem[], route: string): string[] {
  const item = findRouteItem(tree, route);
  return item ? item.children.filter((c) => c.type === MENU_TYPE_CODES.button).map((c) => c.path) : [];
}

export function isRouteGranted(tree: readonly MenuItem[], route: string): boolean {
  return !!route && findRouteItem(tree, route) !== undefined;
}

/** Path of the first menu leaf (navigation order) under /customer, or null when the menu has none. */
export function firstLeafPath(tree: readonly MenuItem[]): string | null {
  const first = navLeaves(navFromTree(tree))[0];
  return first ? routePath(first.route) : null;
}

/** Where `/customer` lands: today_statistics if granted, else the first leaf. */
export function defaultCustomerPath(tree: readonly MenuItem[]): string | null {
  return isRouteGranted(tree, DEFAULT_CUSTOMER_ROUTE) ? routePath(DEFAULT_CUSTOMER_ROUTE) : firstLeafPath(tree);
}
