import { languages, mallCategories, urlKeyPlatforms } from '../../../fixtures/seed/catalog.ts';
import { documents, mallBrands, mallProducts, pictures, pictureTypes } from '../../../fixtures/seed/mall.ts';
import { domains, internalCodeGroups, qrCodes, qrGroups } from '../../../fixtures/seed/qr-codes.ts';
import { payConfig, subscriberConfigDefault, websiteInfo } from '../../../fixtures/seed/settings.ts';
import { users } from '../../../fixtures/seed/users.ts';
import { seededOrders, vipCombos } from '../../../fixtures/seed/vip.ts';

/** Every string with a Chinese character anywhere inside `value` (objects, arrays). */
function chineseStrings(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') {
    if (/\p{Script=Han}/u.test(value)) into.add(value);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) chineseStrings(v, into);
  }
  return into;
}

/**
 * The seeded demo data that may stay Chinese in English: what a person typed (names of codes, groups, users,
 * products, plans, pictures, documents, the site title, the language list's own names). Not here, because the
 * console must say them in the reader's language: built-in role names (fixtures/seed/roles.ts), rotation
 * types, IP locations (fixtures/seed/ip-ranges.ts), and every text the server or the client writes. Two seeded
 * users are named like built-in roles (超级管理员, 管理员): the suite checks the role names by their screens.
 */
export const SEEDED_CHINESE: readonly string[] = [
  ...chineseStrings(
    [
      languages,
      mallCategories,
      urlKeyPlatforms,
      documents,
      mallBrands,
      mallProducts,
      pictures,
      pictureTypes,
      domains,
      internalCodeGroups,
      qrCodes,
      qrGroups,
      payConfig,
      subscriberConfigDefault,
      websiteInfo,
      users.map((u) => u.name),
      seededOrders,
      vipCombos,
    ],
    new Set(),
  ),
];
