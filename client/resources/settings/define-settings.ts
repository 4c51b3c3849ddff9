import type { UnknownAction } from '@reduxjs/toolkit';
import type { CallDef, ResponseOf } from '../../../contracts/index.ts';
import { defineRecord, type RecordDecl } from '../record/define-record.ts';
import type { FormDecl, FormField, ResourceDecl } from '../types.ts';

/** A settings screen: one record read with `inquire` and saved (the changed fields) with `update`. */
export interface SettingsDecl<R = unknown> {
  /** Route name; labels under `resources.<name>` (fields, description, read_only). */
  readonly name: string;
  readonly record: RecordDecl<R>;
  /** The update form: inputs from `update`'s request schema, refined by `fields`. */
  readonly form: FormDecl<CallDef, R>;
  /** i18n key of a lead under the title. */
  readonly description?: string;
  /** Content width cap in px. Default 640 (forms read better narrow). */
  readonly maxWidth?: number;
  /**
   * A resource whose lookups feed the form's selects (`lookup: '<id>'`): a list shown on the same screen
   * (`below`, which loads them), or one declared for its lookups only (the screen loads them when no list is below).
   */
  readonly lookupsFrom?: Pick<ResourceDecl, 'name' | 'lookups'>;
  /** i18n key of a warning shown above the form (settings that can do harm). */
  readonly warning?: string;
}

/** Declare a settings screen over its read and save calls; the save button needs the `button` authority. */
export function defineSettings<Read extends CallDef, Save extends CallDef>(decl: {
  name: string;
  inquire: Read;
  update: Save;
  /** Authority (type 2 button) that may save. Default 'update'. */
  button?: string;
  /** Which request fields, in order, with overrides. Default every field of `update`'s request. */
  fields?: readonly FormField<Save>[];
  description?: string;
  maxWidth?: number;
  lookupsFrom?: Pick<ResourceDecl, 'name' | 'lookups'>;
  warning?: string;
  onSaved?(record: ResponseOf<Read>): UnknownAction;
}): SettingsDecl<ResponseOf<Read>> {
  const record = defineRecord({
    name: decl.name,
    read: decl.inquire,
    save: decl.update,
    onSaved: decl.onSaved,
  });
  return {
    name: decl.name,
    record,
    form: { call: decl.update, button: decl.button ?? 'update', fields: decl.fields } as FormDecl<
      CallDef,
      ResponseOf<Read>
    >,
    description: decl.description,
    maxWidth: decl.maxWidth,
    lookupsFrom: decl.lookupsFrom,
    warning: decl.warning,
  };
}
