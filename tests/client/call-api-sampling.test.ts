import { describe, expect, it, vi } from 'vitest';
import { createCallApi } from '../../client/io/call-api.ts';
import { SAMPLE_ABOVE } from '../../client/io/sampled-check.ts';
import { isApiError } from '../../client/io/errors.ts';
import { qrCodeAccessPublicEnquiry, type VisitorRecord } from '../../contracts/index.ts';

const row = (i: number): VisitorRecord => ({
  domain: 'entry1.example.com',
  ip: `10.0.${(i >> 8) & 255}.${i & 255}`,
  ip_count: 1 + (i % 30),
  latest_create_time: '2026-11-20 08:00:00',
  latest_ip_belong: '中国 广东 深圳 移动',
  latest_source: 'iPhone15,2;iOS 17.2',
  latest_user_agent: 'Mozilla/5.0',
});
const rows = (n: number) => Array.from({ length: n }, (_, i) => row(i));
const body = {
  key: 'share01',
  file_name: 'demo01',
  domain: '',
  ip_list: ['10.0.0.1'],
  start_time: '2026-11-18 00:00:00',
  end_time: '2026-11-20 23:59:59',
};
const context = { token: null, language: 'en' } as const;

/** callApi over a fetch that answers `content` in a success envelope. */
function api(content: unknown[]) {
  const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ status: true, data: { content } }), { status: 200 }));
  return createCallApi(fetchImpl as unknown as typeof fetch);
}
async function failure(p: Promise<unknown>) {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(isApiError(e)).toBe(true);
}

describe('callApi: long lists checked by sample (sampleLongLists)', () => {
  const N = SAMPLE_ABOVE * 5;

  it('answers every row of a long valid list, in order', async () => {
    const out = await api(rows(N))(qrCodeAccessPublicEnquiry, body, context, { sampleLongLists: true });
    expect(out.content).toHaveLength(N);
    expect(out.content[N - 1]).toEqual(row(N - 1));
  });

  it('fails on an item of the wrong type anywhere, even outside the sample', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const broken of [{ ...row(1), ip: 7 }, { ...row(1), latest_user_agent: undefined }, null, 'text']) {
      const list: unknown[] = rows(N);
      list[N / 2 + 1] = broken;
      await failure(api(list)(qrCodeAccessPublicEnquiry, body, context, { sampleLongLists: true }));
    }
  });

  it('fails on a wrong format in the sample (first and last rows are always in it)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const at of [0, N - 1]) {
      const list = rows(N);
      list[at] = { ...row(at), latest_create_time: 'yesterday' };
      await failure(api(list)(qrCodeAccessPublicEnquiry, body, context, { sampleLongLists: true }));
    }
  });

  it('checks every row without the option, and of a short list with it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const long = rows(N);
    long[N / 2 + 1] = { ...row(1), ip_count: 0 };
    await failure(api(long)(qrCodeAccessPublicEnquiry, body, context));
    const short = rows(SAMPLE_ABOVE);
    short[SAMPLE_ABOVE / 2 + 1] = { ...row(1), ip_count: 0 };
    await failure(api(short)(qrCodeAccessPublicEnquiry, body, context, { sampleLongLists: true }));
  });
});
