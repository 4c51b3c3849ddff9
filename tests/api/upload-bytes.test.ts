import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uploader } from '../helpers/upload.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** What `file/add` stores is decided by the first bytes alone; `/uploads/` serves only recorded names. */

const { t, tok } = useApiServer({}, { token: 'customer01' });
const { upload, one, refusedNothingStored } = uploader(
  () => t,
  () => tok.token,
);

describe('GET /uploads/<name>', () => {
  it.each(['0123456789abcdef0123456789abcdef.png', '..%2Fmock.db', '.part-abc', 'x.html'])(
    'answers 404 for %s',
    async (name) => {
      expect((await fetch(`${t.url}/uploads/${name}`)).status).toBe(404);
    },
  );
});

describe('file/add over random bytes', () => {
  const MAGIC: readonly (readonly number[])[] = [
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    [0xff, 0xd8, 0xff],
    [...Buffer.from('GIF87a')],
    [...Buffer.from('GIF89a')],
  ];
  it('stores exactly the files that start with an image signature, and nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.constantFrom(...MAGIC), { nil: null }),
        fc.uint8Array({ minLength: 1, maxLength: 2048 }),
        async (magic, tail) => {
          const data = Buffer.concat([Buffer.from(magic ?? []), Buffer.from(tail)]);
          const isImage = MAGIC.some((m) => m.every((b, i) => data[i] === b));
          if (isImage)
            expect((await upload(one(data, 'r.bin', 'application/octet-stream'))).status).toBe(200);
          else await refusedNothingStored(() => upload(one(data, 'r.png')), 415);
        },
      ),
      { numRuns: 60, seed: 20261123 },
    );
  }, 60_000);
});
