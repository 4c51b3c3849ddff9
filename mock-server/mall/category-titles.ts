import type { Database } from 'better-sqlite3';
import type { MallCategory } from '../../contracts/index.ts';
import { badRequest } from '../services/errors.ts';

/** A category's titles as a request sends them (contracts/calls/mall-category.ts). */
export interface TitleInput {
  language: string;
  title: string;
}

/** The default language's code (`languages.default_language` 2; exactly one, kept so by the language rules). */
export function defaultLanguage(db: Database): string {
  return (db.prepare('SELECT code FROM languages WHERE default_language = 2 ORDER BY id LIMIT 1').pluck().get() as string | undefined) ?? 'zh-CN';
}

/** 400 naming `field` unless `code` is in the language list (shown or hidden). */
export function requireLanguage(db: Database, code: string, field: string): void {
  if (!db.prepare('SELECT 1 FROM languages WHERE code = ?').get(code)) throw badRequest('errors.category_language_unknown', { field, language: code });
}

/**
 * Check a new set of titles (known languages, the default language's present) and answer the columns the
 * category row keeps: its default-language title, for readers that join the row.
 */
export function checkTitles(db: Database, titles: readonly TitleInput[]): { title: string; language: string } {
  for (const t of titles) requireLanguage(db, t.language, 'titles');
  const language = defaultLanguage(db);
  const main = titles.find((t) => t.language === language);
  if (!main) throw badRequest('errors.category_default_title', { field: 'titles', language });
  return { title: main.title, language };
}

/** Replace a category's titles whole (a language left out loses its title). */
export function writeTitles(db: Database, categoryId: number, titles: readonly TitleInput[]): void {
  db.prepare('DELETE FROM mall_category_titles WHERE category_id = ?').run(categoryId);
  const insert = db.prepare('INSERT INTO mall_category_titles (category_id, language, title) VALUES (?, ?, ?)');
  for (const t of titles) insert.run(categoryId, t.language, t.title);
}

/**
 * Select list of a category row: `title` / `language` in the default language (the row's own columns when it
 * has no title there, e.g. after the default moved), and every title as JSON text (parsed by `presentTitles`).
 */
export const CATEGORY_SELECT = `c.id, c.parent_id, c.icon, c.show_status, c.sort, c.create_time,
  COALESCE(d.title, c.title) AS title, COALESCE(d.language, c.language) AS language,
  (SELECT json_group_array(json_object('language', x.language, 'title', x.title))
     FROM (SELECT language, title FROM mall_category_titles WHERE category_id = c.id ORDER BY id) x) AS titles`;
export const CATEGORY_JOINS = `LEFT JOIN mall_category_titles d ON d.category_id = c.id
  AND d.language = (SELECT code FROM languages WHERE default_language = 2 ORDER BY id LIMIT 1)`;

export type StoredCategory = Omit<MallCategory, 'titles'> & { titles: string };

export const presentTitles = (rows: StoredCategory[]): MallCategory[] =>
  rows.map((r) => ({ ...r, titles: JSON.parse(r.titles) as MallCategory['titles'] }));

/** A category as a storefront asked: its title in `language` when it has one, else the default language's. */
export function inLanguage(row: MallCategory, language: string | undefined): MallCategory {
  const own = language === undefined ? undefined : row.titles.find((t) => t.language === language);
  return own ? { ...row, title: own.title, language: own.language } : row;
}
