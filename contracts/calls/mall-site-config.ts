import { z } from 'zod';
import { permission, PUBLIC } from '../access.ts';
import { defineCall } from '../call.ts';
import { emptyRequest } from '../envelope.ts';

/**
 * What `home_page_config` holds (the spec names the route only): which picture type's shown pictures are the
 * home banners (0 = every shown picture), how many recommended products the home page lists, and a notice.
 */
export const homePageConfig = z.object({
  banner_type_id: z.int().min(0).max(2 ** 31 - 1),
  recommend_count: z.int().min(0).max(50),
  notice: z.string().trim().max(500),
});
export type HomePageConfig = z.infer<typeof homePageConfig>;
export const HOME_PAGE_CONFIG_DEFAULT: HomePageConfig = { banner_type_id: 0, recommend_count: 8, notice: '' };

/**
 * What `js_config` holds: a script added to every visit page (`/v/{code}`) when enabled, e.g. an analytics
 * snippet. It runs under the visit page's own nonce CSP (the nonce is the server's; the script cannot load
 * other scripts), and only the super administrator holds the route.
 */
export const jsConfig = z.object({
  enabled: z.boolean(),
  visit_script: z.string().max(10_000),
});
export type JsConfig = z.infer<typeof jsConfig>;
export const JS_CONFIG_DEFAULT: JsConfig = { enabled: false, visit_script: '' };

export const homePageConfigInquire = defineCall({
  path: 'home_page_config/inquire',
  summary: 'Home page settings (banners picture type, recommended products count, notice); public, a storefront reads them.',
  access: PUBLIC,
  request: emptyRequest,
  response: homePageConfig,
});
export const homePageConfigUpdate = defineCall({
  path: 'home_page_config/update',
  summary: 'Change home page settings; only the fields sent change; the banner type must exist.',
  access: permission('home_page_config', 'update'),
  request: z.strictObject({
    banner_type_id: homePageConfig.shape.banner_type_id.optional(),
    recommend_count: homePageConfig.shape.recommend_count.optional(),
    notice: homePageConfig.shape.notice.optional(),
  }),
  response: homePageConfig,
});
export const jsConfigInquire = defineCall({
  path: 'js_config/inquire',
  summary: 'The visit-page script (super administrator).',
  access: permission('js_config'),
  request: emptyRequest,
  response: jsConfig,
});
export const jsConfigUpdate = defineCall({
  path: 'js_config/update',
  summary: 'Change the visit-page script; only the fields sent change.',
  access: permission('js_config', 'update'),
  request: z.strictObject({ enabled: jsConfig.shape.enabled.optional(), visit_script: jsConfig.shape.visit_script.optional() }),
  response: jsConfig,
});

export const siteConfigCalls = [homePageConfigInquire, homePageConfigUpdate, jsConfigInquire, jsConfigUpdate] as const;
