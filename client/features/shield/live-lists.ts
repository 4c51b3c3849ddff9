/** Lists that a type-24 frame reloads when they are open (kept apart so the session saga chunk stays small). */
export const LIVE_SHIELD_LISTS = ['wx_shield_detection', 'monitor', 'domain_monitor', 'admin_domain_monitor'] as const;
