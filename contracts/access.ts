/**
 * Who may make a call. `permission` names a menu-tree route path (and optionally one of its type-2 button
 * paths); the caller's role must hold that node. Owner checks (a customer sees only their own records) are
 * the handler's business, on top of this.
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'user' }
  | { readonly kind: 'permission'; readonly route: string; readonly button?: string };

export const PUBLIC: Access = { kind: 'public' };
export const ANY_USER: Access = { kind: 'user' };
export function permission(route: string, button?: string): Access {
  return button ? { kind: 'permission', route, button } : { kind: 'permission', route };
}

export function describeAccess(access: Access): string {
  if (access.kind === 'public') return 'public';
  if (access.kind === 'user') return 'any logged-in user';
  return access.button ? `permission ${access.route} › ${access.button}` : `permission ${access.route}`;
}
