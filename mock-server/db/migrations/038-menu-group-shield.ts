import type { Migration } from '../migration.ts';

/**
 * The WeChat-detection menu group is called `shield` like its screens, calls and server side (it was `wechat`):
 * a database seeded before keeps its menu tree, so its group row takes the new name and label key here
 * (fixtures/seed/menus.ts seeds the new one). The label shown is unchanged.
 */
export const menuGroupShield: Migration = {
  version: 38,
  name: 'menu group wechat is named shield',
  sql: `
    UPDATE menus SET name = 'shield', language_variables = 'menu.groups.shield'
      WHERE parent_id = 0 AND name = 'wechat' AND language_variables = 'menu.groups.wechat';
  `,
};
