/** The texts of the screens behind login (every file not in en.ts), one chunk fetched with the console frame. */
export default import.meta.glob<Record<string, unknown>>(
  ['./en/*.json', '!./en/{access_log,auth,common,connectivity,enums,errors,layout,menu,realtime,share,status_pages}.json'],
  { eager: true, import: 'default' },
);

/**
 * The contracts' shared messages the public pages never show, merged over the public ones after login. Empty
 * here: the build moves them out of the public chunk's `messages` into this one (scripts/public-messages.ts).
 */
export const messages = {};
