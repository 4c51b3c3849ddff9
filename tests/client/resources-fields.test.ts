import { describe, expect, it } from 'vitest';
import {
  batchFields,
  OpenLog,
  qrCodeAdd,
  qrCodeInquire,
  qrCodeUpdate,
  ShowStatus,
  suggestDomains,
  urlKeyPlatformAdd,
  urlKeyPlatformInquire,
} from '../../contracts/index.ts';
import { defineResource } from '../../client/resources/define.ts';
import { filterFields, formFields } from '../../client/resources/fields.ts';
import { bodyOf, initialValues, validateBody } from '../../client/resources/form-values.ts';
import { inputOf } from '../../client/components/use-server-error.ts';
import { textMessage } from '../../client/state/message.ts';
import { listBody, serverSortFields, toCsv } from '../../client/resources/query.ts';
import { initialResourceState } from '../../client/resources/resource-slice.ts';
import { describeField, fieldsOf } from '../../client/resources/schema-fields.ts';

/** The pure half of the resource engine: what it derives from contracts' schemas and declarations. */

describe('fields from a request schema', () => {
  it('maps zod types to input kinds with requiredness, defaults, limits and enum labels', () => {
    const byName = Object.fromEntries(fieldsOf(urlKeyPlatformAdd.request).map((f) => [f.name, f]));
    expect(byName.name).toMatchObject({ kind: 'text', required: true, maxLength: 64, valueType: 'string' });
    expect(byName.url).toMatchObject({ kind: 'text', required: true }); // z.url() is a string format
    expect(byName.key).toMatchObject({ kind: 'text', required: false, defaultValue: '' });
    expect(byName.sort).toMatchObject({ kind: 'number', required: false, defaultValue: 0, min: 0, max: 1_000_000, integer: true });
    expect(byName.remark).toMatchObject({ kind: 'textarea', maxLength: 512 });
    expect(byName.show_status).toMatchObject({ kind: 'select', required: false, defaultValue: 1, valueType: 'number' });
    expect(byName.show_status!.options).toEqual(ShowStatus.options.map((o) => ({ value: o.value, labelKey: o.labelKey })));
    expect(byName.short_code_type!.options).toHaveLength(13);
  });

  it('knows nullable ids, arrays of strings and date-times, and skips what no input can edit', () => {
    const add = Object.fromEntries(fieldsOf(qrCodeAdd.request).map((f) => [f.name, f]));
    expect(add.group_id).toMatchObject({ kind: 'number', nullable: true, required: false });
    expect(add.children).toBeUndefined(); // array of objects: only with a declaration's parse/format
    const list = Object.fromEntries(fieldsOf(qrCodeInquire.request).map((f) => [f.name, f]));
    expect(list.file_names).toMatchObject({ kind: 'lines', valueType: 'string[]' });
    expect(list.sort).toMatchObject({ kind: 'select', options: expect.arrayContaining([{ value: 'view_number', labelKey: undefined }]) });
    expect(describeField('x', qrCodeUpdate.request.shape.open_log)).toMatchObject({ kind: 'select', required: false });
  });

  it('applies declaration overrides: lookups, switches with their "on" value, parse/format for nested values', () => {
    const fields = formFields('resources.qr_code', {
      call: qrCodeAdd,
      button: 'add',
      fields: [
        'name',
        { name: 'domain_id', lookup: 'domains' },
        { name: 'children', kind: 'lines', parse: (t) => t.split('\n').map((url) => ({ url })), format: () => '' },
        { name: 'open_log', kind: 'switch', on: OpenLog.values.open },
        { name: 'nope' },
      ],
    });
    expect(fields.map((f) => [f.name, f.kind, f.label])).toEqual([
      ['name', 'text', 'resources.qr_code.fields.name'],
      ['domain_id', 'select', 'resources.qr_code.fields.domain_id'],
      ['children', 'lines', 'resources.qr_code.fields.children'],
      ['open_log', 'switch', 'resources.qr_code.fields.open_log'],
    ]);
    const values = initialValues(fields, undefined);
    expect(values.open_log).toBe(true); // default 2 = open = on
    const body = bodyOf(fields, { ...values, name: 'N', domain_id: '3', children: 'https://a.example\nhttps://b.example', open_log: false }, 'create', undefined);
    expect(body).toEqual({ name: 'N', domain_id: 3, children: [{ url: 'https://a.example' }, { url: 'https://b.example' }], open_log: OpenLog.values.closed });
  });

  it('sends only changed fields on edit, null for a cleared nullable field, and nothing blank on create', () => {
    const fields = formFields('r', { call: qrCodeUpdate, button: 'update', fields: ['name', 'group_id', 'remark'] });
    const row = { id: 9, name: 'A', group_id: 4, remark: 'x' };
    const values = initialValues(fields, row);
    expect(values).toEqual({ name: 'A', group_id: '4', remark: 'x' });
    expect(bodyOf(fields, values, 'update', row, { id: 9 })).toEqual({ id: 9 });
    expect(bodyOf(fields, { ...values, group_id: '', remark: '' }, 'update', row, { id: 9 })).toEqual({ id: 9, group_id: null, remark: '' });
    // A parsed list left empty on edit stays the empty list it was (not '', which the schema refuses).
    const lines = formFields('r', { call: qrCodeUpdate, button: 'update', fields: ['name', { name: 'children', kind: 'lines', parse: (t: string) => t.split('\n').filter(Boolean).map((url) => ({ url })), format: () => '' }] });
    expect(bodyOf(lines, { name: 'B', children: '' }, 'update', { id: 9, name: 'A', children: [] }, { id: 9 })).toEqual({ id: 9, name: 'B' });
    const batch = formFields('r', { call: qrCodeAdd, schema: batchFields, button: 'b' });
    expect(bodyOf(batch, initialValues(batch, undefined), 'create', undefined)).toEqual({});
  });

  it('turns schema issues into translatable messages: contract keys first, then generic ones with limits', () => {
    const errors = validateBody(urlKeyPlatformAdd.request, { name: '', url: 'ftp://x', short_code_type: 99, sort: -1 });
    expect(errors.name).toEqual({ key: 'validation.name_required' });
    expect(errors.url).toEqual({ key: 'validation.url_invalid' });
    expect(errors.short_code_type).toEqual({ key: 'resource.validation.choice' });
    expect(errors.sort).toEqual({ key: 'resource.validation.min', vars: { min: 0 } });
    // Nested bodies report the input's own name.
    expect(Object.keys(validateBody(qrCodeAdd.request, { ids: [], fields: {} }, ['visit_method']))).toContain('name');
    expect(inputOf(textMessage('This name is taken', 'name'), ['name'])).toBe('name');
    expect(inputOf(textMessage('At most 32 characters', 'file_names.0'), ['file_names'])).toBe('file_names');
    expect(inputOf(textMessage('Not found', 'ids.0'), ['name'])).toBeNull();
    expect(inputOf(textMessage('Not found'), ['name'])).toBeNull();
  });
});

describe('list queries and exports', () => {
  const decl = defineResource(urlKeyPlatformInquire, () => ({
    name: 'test_platforms',
    columns: [
      { field: 'name', kind: 'text' },
      { field: 'show_status', kind: 'enum', enum: ShowStatus },
      { kind: 'custom', id: 'both', render: () => null, text: (r) => `${r.name}/${r.sort}` },
    ],
    filters: ['name', 'show_status'],
    fixedQuery: { data_only: 0 as const },
  }));

  it('derives the filter bar from the list call and builds the body from fixed fields, filters and paging', () => {
    expect(filterFields(decl).map((f) => (f.type === 'field' ? [f.field.name, f.field.kind, f.field.required] : f))).toEqual([
      ['name', 'text', false],
      ['show_status', 'select', false],
    ]);
    const q = { ...initialResourceState().query, page: 3, filters: { name: 'a', show_status: '' } };
    expect(listBody(decl, q)).toEqual({ data_only: 0, name: 'a', page: 3, page_size: 20 });
  });

  it('sorts on the server when the list call takes sort/order, else not', () => {
    expect(serverSortFields(qrCodeInquire)).toEqual(['create_time', 'update_time', 'view_number', 'ip_view_number', 'name']);
    expect(serverSortFields(urlKeyPlatformInquire)).toEqual([]);
    const qdecl = { list: qrCodeInquire, fixedQuery: undefined };
    const q = { ...initialResourceState().query, sort: { field: 'view_number', desc: true } };
    expect(listBody(qdecl, q)).toMatchObject({ sort: 'view_number', order: 'desc', page: 1 });
    expect(listBody(qdecl, { ...q, sort: { field: 'domain', desc: false } })).not.toHaveProperty('sort');
  });

  it('writes CSV with a BOM, translated enum labels, custom texts, quoting and formula neutralising', () => {
    const rows = [
      { id: 1, name: '=HYPERLINK("x")', url: '', key: '', short_code_type: 3, show_status: 1, sort: 5, remark: '', create_time: '' },
      { id: 2, name: 'a, "b"', url: '', key: '', short_code_type: 3, show_status: 2, sort: 0, remark: '', create_time: '' },
    ] as const;
    const csv = toCsv(
      decl,
      [
        { id: 'name', header: 'Name' },
        { id: 'show_status', header: 'Shown', labels: { '1': 'Show', '2': 'Hide' } },
        { id: 'both', header: 'Both' },
      ],
      rows as never,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Name,Shown,Both');
    expect(lines[1]).toBe(`"'=HYPERLINK(""x"")",Show,"'=HYPERLINK(""x"")/5"`);
    expect(lines[2]).toBe('"a, ""b""",Hide,"a, ""b""/0"');
  });

  it('suggests §9 domain suffixes for a typed name', () => {
    expect(suggestDomains('')).toEqual([]);
    expect(suggestDomains('Shop').slice(0, 3)).toEqual(['shop.com', 'shop.cn', 'shop.net']);
    expect(suggestDomains('shop.t')).toEqual(['shop.top', 'shop.tv']);
    expect(suggestDomains('shop.com.c')).toEqual(['shop.com.cn']);
  });
});
