import { z } from 'zod';
import { ANY_USER, PUBLIC } from '../access.ts';
import { defineCall } from '../call.ts';
import { calendarDate, dateTime, emptyRequest, id, listRequest, pageOf } from '../envelope.ts';
import { DefaultLanguage, MenuType, Platform, ShowStatus } from '../enums.ts';

export const websiteInfo = z.object({
  id,
  title: z.string(),
  icon: z.string(),
  color: z.string(),
  /** Whether /admin_register is offered (default subscriber config "allow registration"). */
  allow_register: z.boolean(),
  /** Shown on the login page when registration is off. */
  register_prompt: z.string(),
  /** Whether a code taken from `?code=` may still be edited (spec §9: disabled). */
  invitation_code_editable: z.boolean(),
  /**
   * Today on the server's calendar ('YYYY-MM-DD', its clock and time zone). Date rules (the access log's last
   * 7 days) are the server's, so a public page offers and defaults to the server's days, not the browser's.
   */
  today: calendarDate,
});
export type WebsiteInfo = z.infer<typeof websiteInfo>;

export const websiteInfoInquire = defineCall({
  path: 'website_info/inquire',
  summary: "Site title, icon, colour, the registration switch and today on the server's calendar.",
  access: PUBLIC,
  request: emptyRequest,
  response: websiteInfo,
});

export const language = z.object({
  id,
  code: z.string(),
  title: z.string(),
  abbreviation: z.string(),
  country: z.string(),
  phone_area_code: z.string(),
  icon: z.string(),
  show_status: ShowStatus.schema,
  default_language: DefaultLanguage.schema,
});
export type Language = z.infer<typeof language>;

export const languageListInquire = defineCall({
  path: 'language_list/inquire',
  summary: 'Languages, filtered by show status.',
  access: PUBLIC,
  request: listRequest({ show_status: ShowStatus.schema.optional() }),
  response: pageOf(language),
});

/** One title of a category in one language (a `languages` code). */
export const categoryTitle = z.object({ language: z.string(), title: z.string() });

export const mallCategory = z.object({
  id,
  parent_id: z.int().min(0),
  /** In the asked language (storefront `language`), else in the default language. */
  title: z.string(),
  icon: z.string(),
  /** The language `title` is in. */
  language: z.string(),
  /** Every title the category has, one per language. */
  titles: z.array(categoryTitle),
  show_status: ShowStatus.schema,
  sort: z.int(),
  create_time: dateTime,
});
export type MallCategory = z.infer<typeof mallCategory>;

export const mallCategoryInquire = defineCall({
  path: 'mall_category/inquire',
  summary:
    'Mall categories, filtered by show status; `title` in `language` (a code of the language list, unknown: 400), else in the default language.',
  access: PUBLIC,
  request: listRequest({ show_status: ShowStatus.schema.optional(), language: z.string().trim().min(1).max(16).optional() }),
  response: pageOf(mallCategory),
});

export interface MenuItem {
  id: number;
  name: string;
  path: string;
  type: 1 | 2;
  platform: number;
  icon: string;
  sort: number;
  show_headshot: number;
  language_variables: string;
  children: MenuItem[];
}
export const menuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id,
    name: z.string(),
    path: z.string(),
    type: MenuType.schema,
    platform: Platform.schema,
    icon: z.string(),
    sort: z.int(),
    show_headshot: z.int(),
    language_variables: z.string(),
    children: z.array(menuItem),
  }),
).meta({ id: 'MenuItem', description: 'A menu node: type 1 route (navigation) or type 2 button, with its children.' });

export const tokenMenu = defineCall({
  path: 'menu/token_menu',
  summary: "The caller's menu tree: type 1 route items (navigation) with their type 2 button items.",
  access: ANY_USER,
  request: emptyRequest,
  response: z.object({ tree_menu_arr: z.array(menuItem) }),
});

export const ping = defineCall({
  path: 'ping',
  summary: 'Connectivity check; the console sends value 10 every 10 s and gets it back.',
  access: PUBLIC,
  // Not retried after a time-out: a ping that got no answer in time is what 'offline' means.
  idempotent: false,
  request: z.strictObject({ value: z.int().min(0).max(1_000_000) }),
  response: z.object({ value: z.int(), server_time: dateTime }),
});

export const systemCalls = [
  websiteInfoInquire,
  languageListInquire,
  mallCategoryInquire,
  tokenMenu,
  ping,
] as const;
