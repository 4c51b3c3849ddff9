/** The texts of the screens behind login (every file not in zh-CN.ts), one chunk fetched with the console frame. */
export default import.meta.glob<Record<string, unknown>>(
  ['./zh-CN/*.json', '!./zh-CN/{access_log,auth,common,connectivity,enums,errors,layout,menu,realtime,share,shell}.json'],
  { eager: true, import: 'default' },
);
