/**
 * Something to tell the user: an i18n key of the console (validation.*, errors.*, …) or a text the server
 * already translated (it reads Accept-Language). Kept apart so a server text is never looked up as a key.
 */
export type UserMessage =
  | { readonly key: string; readonly vars?: Readonly<Record<string, string | number>> }
  | { readonly text: string; readonly renew?: true; readonly field?: string };

export const keyMessage = (key: string, vars?: Record<string, string | number>): UserMessage => (vars ? { key, vars } : { key });
/** `field`: the path of the input a server refusal concerns (`amount`, `file_names.0`); a form shows it there. */
export const textMessage = (text: string, field?: string): UserMessage => (field ? { text, field } : { text });
/** The input path a message concerns, if it came from the server naming one. */
export const fieldOf = (m: UserMessage | undefined): string | undefined => (m && 'field' in m ? m.field : undefined);
/** The server refused a call until the membership is renewed (402): the screen offers the way to buy_vip_combo. */
export const renewalMessage = (text: string): UserMessage => ({ text, renew: true });
export const needsRenewal = (m: UserMessage | undefined): boolean => !!m && 'renew' in m && m.renew === true;
