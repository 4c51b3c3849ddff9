import type { IconPaths } from '@blueprintjs/icons';
import { tableOf } from './icon-table.ts';

// Icons of the console frame and its common states: one small chunk fetched with the first of them.
export const frame16 = tableOf(
  import.meta.glob<IconPaths>(
    '../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/{add,arrow-left,caret-right,chevron-down,chevron-left,chevron-right,chevron-up,cog,cross,disable,floppy-disk,globe,home,info-sign,log-in,log-out,menu,refresh,search,small-cross,tick,tick-circle,warning-sign,wrench,build,timeline-line-chart,barcode,globe-network,shield,dollar,people,bank-account,shop,person,folder-close,document,page-layout,trash,edit,download,upload,filter,more,duplicate,link,share,eye-open,calendar,time,th,list,arrow-up,arrow-down,minus,envelope}.js',
    { eager: true, import: 'default' },
  ),
);
export const frame20 = tableOf(
  import.meta.glob<IconPaths>(
    '../../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/{outdated,tick-circle,warning-sign,info-sign,key,cross,small-cross,log-in,log-out,inbox,folder-open,people,envelope,disable}.js',
    { eager: true, import: 'default' },
  ),
);
