import { describe, expect, it } from 'vitest';
import { batchFields, OpenLog, qrCodeBatchUpdate } from '../../contracts/index.ts';
import { batchQueryResource } from '../../client/features/qr-codes/screens/batche-query-screen.tsx';
import { filterFields, formFields } from '../../client/resources/fields.ts';
import { bodyOf, initialValues, validateBody } from '../../client/resources/form-values.ts';
import { queryFromSearch, queryToSearch, type UrlQuery, type UrlQueryShape } from '../../client/resources/url-query.ts';

/** The engine halves of issue 22: a list filter in the address, and a partial (batch) form. */

describe('a list of values in the address (batch query, point 1)', () => {
  const shape: UrlQueryShape = { pageSize: 50, filters: filterFields(batchQueryResource), sortable: [] };
  const q: UrlQuery = { page: 1, pageSize: 50, filters: { file_names: ['demo01', 'qa01'] }, sort: null };

  it('writes one parameter per item and reads the same items back', () => {
    const search = queryToSearch(q, shape);
    expect(search.getAll('file_names')).toEqual(['demo01', 'qa01']);
    expect(search.toString()).not.toContain('%5B'); // no JSON array text
    expect(queryFromSearch(new URLSearchParams(search.toString()), shape).filters.file_names).toEqual(['demo01', 'qa01']);
  });

  it('keeps a single item a list of one', () => {
    expect(queryFromSearch(new URLSearchParams('file_names=demo01'), shape).filters.file_names).toEqual(['demo01']);
  });
});

describe('a partial form (batch update, point 2)', () => {
  const form = { call: qrCodeBatchUpdate, button: 'batch_update', schema: batchFields, partial: true, fields: ['jump_type', 'visit_threshold', 'open_log', 'visit_method'] } as const;
  const fields = formFields('resources.qr_code', { ...form, fields: [...form.fields.slice(0, 2), { name: 'open_log', kind: 'switch', on: OpenLog.values.open }, 'visit_method'] });

  it('starts every input at "leave unchanged" and sends nothing for them', () => {
    const values = initialValues(fields, undefined);
    expect(Object.values(values).every((v) => v === '')).toBe(true);
    expect(bodyOf(fields, values, 'create', undefined)).toEqual({});
    // The switch is a choice that can say "unchanged".
    const openLog = fields.find((f) => f.name === 'open_log')!;
    expect(openLog.kind).toBe('select');
    expect(openLog.unchanged).toBe(true);
  });

  it('sends only what was set, and says so when nothing was', () => {
    const values = { ...initialValues(fields, undefined), jump_type: '2' };
    expect(bodyOf(fields, values, 'create', undefined)).toEqual({ jump_type: 2 });
    const closed = { ...initialValues(fields, undefined), open_log: String(OpenLog.values.closed) };
    expect(bodyOf(fields, closed, 'create', undefined)).toEqual({ open_log: OpenLog.values.closed });
    const nothing = validateBody(batchFields, bodyOf(fields, initialValues(fields, undefined), 'create', undefined), fields.map((f) => f.name));
    expect(Object.values(nothing)).toEqual([{ key: 'validation.nothing_to_change' }]);
  });
});
