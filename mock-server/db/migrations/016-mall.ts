import type { Migration } from '../migration.ts';

/**
 * The mall and its content: brands, products, picture types, picture / picture-text items, documents
 * (categories are in 001). List fields of a product (images in display
 * order, models, attributes) are JSON arrays in TEXT columns: they are always read and written whole with
 * their product. No foreign keys to categories or brands: their removal rules answer 409 while products use
 * them, instead of an SQLite error.
 */
export const mall: Migration = {
  version: 16,
  name: 'mall and content: brands, products, picture types, pictures, documents',
  sql: `
    CREATE TABLE mall_brands (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      logo TEXT NOT NULL DEFAULT '',
      sort INTEGER NOT NULL DEFAULT 0,
      show_status INTEGER NOT NULL DEFAULT 1 CHECK (show_status IN (1, 2)),
      create_time TEXT NOT NULL
    ) STRICT;

    CREATE TABLE mall_products (
      id INTEGER PRIMARY KEY,
      title TEXT NOT NULL,
      source TEXT NOT NULL DEFAULT '',
      category_id INTEGER NOT NULL,
      brand_id INTEGER NOT NULL DEFAULT 0,
      price_micro INTEGER NOT NULL CHECK (price_micro >= 0),
      lowest_price_micro INTEGER NOT NULL CHECK (lowest_price_micro >= 0 AND lowest_price_micro <= price_micro),
      stock INTEGER NOT NULL DEFAULT 0 CHECK (stock >= 0),
      purchase_count INTEGER NOT NULL DEFAULT 0 CHECK (purchase_count >= 0),
      cover_images TEXT NOT NULL DEFAULT '[]',
      detail_images TEXT NOT NULL DEFAULT '[]',
      models TEXT NOT NULL DEFAULT '[]',
      attributes TEXT NOT NULL DEFAULT '[]',
      home_recommend INTEGER NOT NULL DEFAULT 0 CHECK (home_recommend IN (0, 1)),
      ranking_recommend INTEGER NOT NULL DEFAULT 0 CHECK (ranking_recommend IN (0, 1)),
      show_status INTEGER NOT NULL DEFAULT 1 CHECK (show_status IN (1, 2)),
      create_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX mall_products_category ON mall_products (category_id);
    CREATE INDEX mall_products_brand ON mall_products (brand_id);

    CREATE TABLE picture_types (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      sort INTEGER NOT NULL DEFAULT 0,
      show_status INTEGER NOT NULL DEFAULT 1 CHECK (show_status IN (1, 2)),
      create_time TEXT NOT NULL
    ) STRICT;

    -- kind 1 = picture list (image_configs), 2 = picture-text list; type_id 0 = no type.
    CREATE TABLE pictures (
      id INTEGER PRIMARY KEY,
      kind INTEGER NOT NULL CHECK (kind IN (1, 2)),
      type_id INTEGER NOT NULL DEFAULT 0,
      title TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      image TEXT NOT NULL DEFAULT '',
      jump_address TEXT NOT NULL DEFAULT '',
      jump_type INTEGER NOT NULL DEFAULT 1,
      jump_custom TEXT NOT NULL DEFAULT '',
      sort INTEGER NOT NULL DEFAULT 0,
      remarks TEXT NOT NULL DEFAULT '',
      click_count INTEGER NOT NULL DEFAULT 0 CHECK (click_count >= 0),
      show_status INTEGER NOT NULL DEFAULT 1 CHECK (show_status IN (1, 2)),
      create_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX pictures_kind ON pictures (kind, sort);

    CREATE TABLE documents (
      id INTEGER PRIMARY KEY,
      title TEXT NOT NULL,
      type TEXT NOT NULL,
      content TEXT NOT NULL,
      show_status INTEGER NOT NULL DEFAULT 1 CHECK (show_status IN (1, 2)),
      create_time TEXT NOT NULL
    ) STRICT;
  `,
};
