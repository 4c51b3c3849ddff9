import type { CallDef } from '../../contracts/index.ts';
import { ApiError } from './errors.ts';
import type { LazyCall } from './lazy-call.ts';
import type * as PublicCallDefs from './public-call-defs.ts';

type Defs = typeof PublicCallDefs;
/** The names in public-call-defs.ts (all of them calls). */
export type PublicCallName = { [K in keyof Defs]: Defs[K] extends CallDef ? K : never }[keyof Defs];

/**
 * Each public call's path, so its request goes out before its schemas arrive. The type is the contract's own
 * path literal: a path that differs from the contract, or a call left out, does not compile.
 */
const PATHS: { readonly [K in PublicCallName]: Defs[K]['path'] } = {
  changePassword: 'admin/update_password',
  getUserInfo: 'admin/user_info',
  languageListInquire: 'language_list/inquire',
  login: 'admin/login',
  logout: 'admin/logout',
  payConfigInquire: 'pay_config/inquire',
  ping: 'ping',
  publicKey: 'security/public_key',
  qrCodeShareAccess: 'qr_code_list/share_access',
  register: 'admin/register',
  tokenMenu: 'menu/token_menu',
  urlKeyPlatformInquire: 'url_key_platform/inquire',
  websiteInfoInquire: 'website_info/inquire',
};

let defs: Promise<Defs> | null = null;
/** One download for every public call; a failed one may be retried. */
function loadDefs(): Promise<Defs> {
  defs ??= import('./public-call-defs.ts').catch(() => {
    defs = null;
    // The chunk did not arrive: to the screen this is the server not answering (a retry is offered).
    throw new ApiError('', 0, '');
  });
  return defs;
}

/**
 * A call of the pages before login, by its contract name, its schemas fetched with zod on first use (see
 * lazy-call.ts). Types still come from the contract: `publicCall('login')` is a `LazyCall<typeof login>`.
 */
export function publicCall<K extends PublicCallName>(name: K): LazyCall<Extract<Defs[K], CallDef>> {
  return { path: PATHS[name], load: () => loadDefs().then((m) => m[name] as Extract<Defs[K], CallDef>) };
}
