import { createContext, useContext } from 'react';
import { en, type Texts } from './locales/en.ts';
import { zhCN } from './locales/zh-CN.ts';

/** The cockpit's two languages, zh-CN first as in the console. */
export const LANGUAGES = { 'zh-CN': zhCN, en } as const satisfies Record<string, Texts>;
export type Language = keyof typeof LANGUAGES;
export type TextKey = keyof typeof en;
export type Translate = (key: TextKey, vars?: Record<string, string | number>) => string;

/** A translate function for a language: `{name}` placeholders are filled from `vars`. */
export function translator(lng: Language): Translate {
  const texts = LANGUAGES[lng];
  return (key, vars) => texts[key].replace(/\{(\w+)\}/g, (whole, name: string) => (vars && name in vars ? String(vars[name]) : whole));
}

export const I18nContext = createContext<Translate>(translator('zh-CN'));
/** The current language's translate function. */
export const useT = () => useContext(I18nContext);
