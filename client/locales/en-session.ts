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

// `npm run dev`: an edited text file of this chunk shows at once, without a reload (client/app/i18n.ts takes the
// module re-run with the new texts). The block is gone from a build (no import.meta.hot there).
if (import.meta.hot) import.meta.hot.accept((next) => next && dispatchEvent(new CustomEvent('locale-texts', { detail: { lng: 'en', ...next } })));
