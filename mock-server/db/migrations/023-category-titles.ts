import type { Migration } from '../migration.ts';

/**
 * Per-language category titles (spec §3 category: language, title; issue 15): one row per category and
 * language. Every existing category keeps its one title under its own language; `mall_categories.title` and
 * `.language` stay, written with the default language's title on each save, so readers that join the
 * category (a product's `category_title`) keep working. Removing a category removes its titles.
 */
export const categoryTitles: Migration = {
  version: 23,
  name: 'mall category titles per language',
  sql: `
    CREATE TABLE mall_category_titles (
      id INTEGER PRIMARY KEY,
      category_id INTEGER NOT NULL REFERENCES mall_categories(id) ON DELETE CASCADE,
      language TEXT NOT NULL,
      title TEXT NOT NULL,
      UNIQUE (category_id, language)
    ) STRICT;

    INSERT INTO mall_category_titles (category_id, language, title) SELECT id, language, title FROM mall_categories;
  `,
};
