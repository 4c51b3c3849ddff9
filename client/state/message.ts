/**
 * Something to tell the user: an i18n key of the console (validation.*, errors.*, …) or a text the server
 * already translated (it reads Accept-Language). Kept apart so a server text is never looked up as a key.
 */
export type UserMessage =
  | { readonly key: string; readonly vars?: Readonly<Record<string, string | number>> }
  | { readonly text: string; readonly renew?: true };

export const keyMessage = (key: string, vars?: Record<string, string | number>): UserMessage => (vars ? { key, vars } : { key });
export const textMessage = (text: string): UserMessage => ({ text });
/** The server refused a call until the membership is renewed (402): the screen offers the way to buy_vip_combo. */
export const renewalMessage = (text: string): UserMessage => ({ text, renew: true });
export const needsRenewal = (m: UserMessage | undefined): boolean => !!m && 'renew' in m && m.renew === true;
