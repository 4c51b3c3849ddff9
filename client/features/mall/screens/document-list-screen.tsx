import { documentAdd, documentList, documentRemove, documentUpdate, ShowStatus } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';

const FIELDS = ['title', 'type', 'content', { name: 'show_status', kind: 'switch' }] as const;

/**
 * /customer/document_list: documents (admin). Content is text: the list and the form show it as text nodes
 * (never HTML), so markup in it stays visible characters.
 */
export const documentResource = defineResource(documentList, (r) => ({
  name: 'document_list',
  description: 'resources.document_list.description',
  columns: [
    { field: 'id', kind: 'number', width: 64 },
    { field: 'title', kind: 'text' },
    // The document's key (`help`, `agreement`: what pages ask for), an identifier shown as code.
    { kind: 'custom', id: 'type', render: (row) => <code>{row.type}</code>, text: (row) => row.type },
    { field: 'content', kind: 'text' },
    { field: 'show_status', kind: 'enum', enum: ShowStatus, intentOf: (c) => (c === ShowStatus.values.show ? 'success' : 'none') },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['title', 'type', 'show_status'],
  create: r.form(documentAdd, { button: 'add', fields: FIELDS }),
  update: r.form(documentUpdate, { button: 'update', fields: FIELDS }),
  remove: r.remove(documentRemove),
  export: {},
}));

export default resourceScreen(documentResource);
