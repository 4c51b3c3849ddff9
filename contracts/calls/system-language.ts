import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { id, noData } from '../envelope.ts';
import { DefaultLanguage, ShowStatus } from '../enums.ts';
import { language } from './system.ts';

/**
 * The language list's editor (spec §3 "Language"; reading is `language_list/inquire`). Exactly one language is
 * the default (default_language 2): a second one, unsetting or removing it answer 409; `set_default` moves it.
 */
const fields = {
  code: z.string().trim().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'validation.language_code').max(16).meta({ examples: ['fr'] }),
  title: z.string().trim().min(1, 'validation.name_required').max(64),
  abbreviation: z.string().max(16),
  country: z.string().max(64),
  phone_area_code: z.string().regex(/^(\+\d{1,4})?$/, 'validation.phone_area_code'),
  icon: z.string().max(512),
  show_status: ShowStatus.schema,
  default_language: DefaultLanguage.schema,
};

export const languageAdd = defineCall({
  path: 'language_list/add',
  summary: 'Add a language (a second default answers 409).',
  access: permission('language_list', 'add'),
  request: z.strictObject({
    ...fields,
    abbreviation: fields.abbreviation.default(''),
    country: fields.country.default(''),
    phone_area_code: fields.phone_area_code.default(''),
    icon: fields.icon.default(''),
    show_status: fields.show_status.default(1),
    default_language: fields.default_language.default(1),
  }),
  response: language,
});

export const languageUpdate = defineCall({
  path: 'language_list/update',
  summary: 'Change a language; only the fields sent change. A second default, or unsetting the default, answers 409.',
  access: permission('language_list', 'update'),
  request: z.strictObject({
    id,
    code: fields.code.optional(),
    title: fields.title.optional(),
    abbreviation: fields.abbreviation.optional(),
    country: fields.country.optional(),
    phone_area_code: fields.phone_area_code.optional(),
    icon: fields.icon.optional(),
    show_status: fields.show_status.optional(),
    default_language: fields.default_language.optional(),
  }),
  response: language,
});

export const languageSetDefault = defineCall({
  path: 'language_list/set_default',
  summary: 'Make this language the default (the previous default stops being one, in the same transaction).',
  access: permission('language_list', 'update'),
  request: z.strictObject({ id }),
  response: language,
});

export const languageRemove = defineCall({
  path: 'language_list/remove',
  summary: 'Delete languages by id (all or none); the default language cannot be removed (409).',
  access: permission('language_list', 'remove'),
  request: z.strictObject({ ids: z.array(id).min(1).max(100) }),
  response: noData,
});

export const languageCalls = [languageAdd, languageUpdate, languageSetDefault, languageRemove] as const;
