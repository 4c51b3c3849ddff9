import type { IconName } from '@blueprintjs/core';

const GROUP_ICONS: Record<string, IconName> = {
  'menu.groups.statistics': 'timeline-line-chart',
  'menu.groups.qr_codes': 'barcode',
  'menu.groups.domains': 'globe-network',
  'menu.groups.shield': 'shield',
  'menu.groups.vip': 'dollar',
  'menu.groups.agents': 'people',
  'menu.groups.wallets': 'bank-account',
  'menu.groups.users': 'person',
  'menu.groups.mall': 'shop',
  'menu.groups.system': 'cog',
};

/** Our own icon per menu group (the server's `icon` names are not Blueprint names), folder otherwise. */
export function groupIcon(labelKey: string): IconName {
  return GROUP_ICONS[labelKey] ?? 'folder-close';
}
