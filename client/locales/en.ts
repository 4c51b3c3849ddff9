import { messagesEn } from '../../contracts/index.ts';

/**
 * The texts of the pages before login (login, register, maintenance, share, access log, the frame's header and
 * titles, and the no-WebSocket notice the session's first moment may need), as one chunk loaded before the first render in this language: the first load of /admin_login
 * counts it. Every other file is in en-session.ts, fetched with the console frame.
 */
export default import.meta.glob<Record<string, unknown>>(
  ['./en/{access_log,auth,common,connectivity,enums,errors,layout,menu,realtime,share,status_pages}.json'],
  { eager: true, import: 'default' },
);

/** Contracts' shared messages (validation and server errors) in this language only: the base of its texts. */
export const messages = messagesEn;

// `npm run dev`: an edited text file of this chunk shows at once, without a reload (client/app/i18n.ts takes the
// module re-run with the new texts). The block is gone from a build (no import.meta.hot there).
if (import.meta.hot) import.meta.hot.accept((next) => next && dispatchEvent(new CustomEvent('locale-texts', { detail: { lng: 'en', ...next } })));
