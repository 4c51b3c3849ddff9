/**
 * The calls made by the sagas and effects that run before login (start-up, login, register, share, menu,
 * settings, connectivity, password encryption), and the answer check of callApi. Loaded on first use through
 * client/io/public-calls.ts, never imported statically by the first load: this module is where zod and the
 * contracts' schemas enter the public pages.
 */
export {
  changePassword,
  getUserInfo,
  languageListInquire,
  login,
  logout,
  payConfigInquire,
  ping,
  publicKey,
  qrCodeShareAccess,
  register,
  tokenMenu,
  urlKeyPlatformInquire,
  websiteInfoInquire,
} from '../../contracts/index.ts';
