import { documentAdd, documentInquire, documentList, documentRemove, documentRow, documentUpdate } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { defineResource } from '../resources/define.ts';

const table = { row: documentRow, table: 'documents', alias: 'd', orderBy: 'd.id DESC' } as const;

/** The storefront's view: shown documents only. */
const shown = defineResource({ ...table, calls: { inquire: documentInquire }, where: 'd.show_status = 1', filters: { type: 'eq' } });

const editor = defineResource({
  ...table,
  calls: { inquire: documentList, add: documentAdd, update: documentUpdate, remove: documentRemove },
  filters: { title: 'like', type: 'eq', show_status: 'eq' },
  created: 'create_time',
});

export const documentHandlers = defineHandlers({ ...shown.handlers, ...editor.handlers });
