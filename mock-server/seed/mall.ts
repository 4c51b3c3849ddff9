import { mallCategoryTitlesEn } from '../../fixtures/seed/catalog.ts';
import { documents, mallBrands, mallProducts, pictures, pictureTypes } from '../../fixtures/seed/mall.ts';
import { SEED_TIME } from '../../fixtures/seed/time.ts';
import type { Database } from 'better-sqlite3';

/** The mall and content rows of fixtures/seed/mall.ts (migration 016's tables). */
export function seedMall({ db }: { readonly db: Database }): void {
  const insert = (table: string, row: Record<string, unknown>) => {
    const cols = Object.keys(row);
    // Table and column names come from the fixture constants above, never from input.
    db.prepare(`INSERT INTO ${table} (${cols.join(', ')}, create_time) VALUES (${cols.map(() => '?').join(', ')}, ?)`).run(
      ...cols.map((c) => (Array.isArray(row[c]) ? JSON.stringify(row[c]) : row[c])),
      SEED_TIME,
    );
  };
  for (const b of mallBrands) insert('mall_brands', b);
  for (const p of mallProducts) insert('mall_products', p);
  for (const t of pictureTypes) insert('picture_types', t);
  for (const p of pictures) insert('pictures', p);
  for (const d of documents) insert('documents', d);
  // Categories are core rows: each gets its own title in its language, plus the English one (migration 023).
  db.prepare('INSERT INTO mall_category_titles (category_id, language, title) SELECT id, language, title FROM mall_categories').run();
  const en = db.prepare(`INSERT INTO mall_category_titles (category_id, language, title) VALUES (?, 'en', ?)`);
  for (const [id, title] of Object.entries(mallCategoryTitlesEn)) en.run(Number(id), title);
}
