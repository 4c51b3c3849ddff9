import {
  DefaultLanguage,
  ShowStatus,
  languageAdd,
  languageListInquire,
  languageRemove,
  languageSetDefault,
  languageUpdate,
} from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

const FIELDS = ['code', 'title', 'abbreviation', 'country', 'phone_area_code', 'icon', { name: 'show_status', kind: 'switch' }] as const;

/** /customer/language_list: the §3 language table; exactly one default, moved with "Set as default". */
export const languageListResource = defineResource(languageListInquire, (r) => ({
  name: 'language_list',
  description: 'resources.language_list.description',
  columns: [
    { field: 'id', kind: 'number', width: 64 },
    { field: 'code', kind: 'text' },
    { field: 'title', kind: 'text' },
    { field: 'abbreviation', kind: 'text' },
    { field: 'country', kind: 'text' },
    { field: 'phone_area_code', kind: 'text' },
    { field: 'icon', kind: 'text', hiddenByDefault: true },
    { field: 'show_status', kind: 'enum', enum: ShowStatus, intentOf: (c) => (c === ShowStatus.values.show ? 'success' : 'none') },
    { field: 'default_language', kind: 'enum', enum: DefaultLanguage, intentOf: (c) => (c === DefaultLanguage.values.yes ? 'primary' : 'none') },
  ],
  filters: ['show_status'],
  create: r.form(languageAdd, { button: 'add', fields: [...FIELDS] }),
  update: r.form(languageUpdate, { button: 'update', fields: [...FIELDS] }),
  remove: r.remove(languageRemove),
  actions: [
    {
      kind: 'call',
      id: 'set_default',
      scope: 'row',
      button: 'update',
      label: 'resources.language_list.actions.set_default',
      icon: 'star',
      call: languageSetDefault,
      confirm: { text: 'resources.language_list.confirm.set_default', undoable: true, vars: (rows) => ({ name: rows[0]!.title }) },
      visible: (row) => row.default_language !== DefaultLanguage.values.yes,
      body: (rows) => ({ id: rows[0]!.id }),
    },
  ],
}));

export default resourceScreen(languageListResource);
