import { Colors, Intent, Tag } from '@blueprintjs/core';
import type { IpBadge } from '../../contracts/index.ts';

/**
 * §9 badge → Blueprint Tag. Blueprint has no "info" intent: info is drawn in cerulean, between primary (blue)
 * and warning, through the style prop (no literal Blueprint class names).
 */
const INTENT: Record<Exclude<IpBadge, 'none'>, Intent> = {
  primary: Intent.PRIMARY,
  info: Intent.NONE,
  warning: Intent.WARNING,
  danger: Intent.DANGER,
  success: Intent.SUCCESS,
};
const INFO_STYLE = { backgroundColor: Colors.CERULEAN3, color: Colors.WHITE };

export function BadgeTag({ badge, children }: { badge: Exclude<IpBadge, 'none'>; children: React.ReactNode }) {
  return (
    <Tag intent={INTENT[badge]} style={badge === 'info' ? INFO_STYLE : undefined} data-badge={badge}>
      {children}
    </Tag>
  );
}

/** The IP as its badge says (plain text when no rule applies). */
export function IpCell({ ip, badge }: { ip: string; badge: IpBadge }) {
  if (badge === 'none') return <span data-badge="none">{ip}</span>;
  return <BadgeTag badge={badge}>{ip}</BadgeTag>;
}
