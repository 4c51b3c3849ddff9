/**
 * Something to tell the user: an i18n key of the console (validation.*, errors.*, …) or a text the server
 * already translated (it reads Accept-Language). Kept apart so a server text is never looked up as a key.
 */
export type UserMessage = { readonly key: string; readonly vars?: Readonly<Record<string, string | number>> } | { readonly text: string };

export const keyMessage = (key: string, vars?: Record<string, string | number>): UserMessage => (vars ? { key, vars } : { key });
export const textMessage = (text: string): UserMessage => ({ text });
