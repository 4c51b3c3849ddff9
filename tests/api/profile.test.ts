import { TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../contracts/index.ts';
import { ok, refusalChecker } from '../helpers/qr.ts';
import { useApiServer } from '../helpers/api-server.ts';

const { t, tok } = useApiServer({}, { c1: 'customer01' });
const refusedUnchanged = refusalChecker(() => t);
const codeOf = (secret: string, offsetS = 0) => new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetS * 1000 });


describe('personal center', () => {
  it('changes the own name and phone only', async () => {
    const info = ok<UserInfo>(await t.call('admin/update_profile', { name: 'Cus One', phone: '+86 138' }, tok.c1));
    expect(info).toMatchObject({ account: 'customer01', name: 'Cus One', phone: '+86 138' });
    await refusedUnchanged('admin/update_profile', { phone: 'call me' }, tok.c1, 400, /phone/);
  });

  it('binds two-factor with a generated secret and a code, then login needs a code; unbinds with a code', async () => {
    const { secret, uri } = ok<{ secret: string; uri: string }>(await t.call('admin/totp_generate', {}, tok.c1));
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*customer01\?.*secret=/);
    await refusedUnchanged('admin/bind_totp', { secret, code: codeOf(secret, 300) }, tok.c1, 400, /code/);
    await refusedUnchanged('admin/bind_totp', { secret: 'not base32!', code: '123456' }, tok.c1, 400, /secret/);
    expect(ok<UserInfo>(await t.call('admin/bind_totp', { secret, code: codeOf(secret) }, tok.c1)).totp_enabled).toBe(true);
    await refusedUnchanged('admin/bind_totp', { secret, code: codeOf(secret) }, tok.c1, 409);

    const pw = t.encrypt('Customer123');
    expect((await t.call('admin/login', { account: 'customer01', password: pw })).status).toBe(400);
    expect((await t.call('admin/login', { account: 'customer01', password: t.encrypt('Customer123'), totp: codeOf(secret) })).status).toBe(200);

    await refusedUnchanged('admin/unbind_totp', { code: codeOf(secret, 300) }, tok.c1, 400, /code/);
    expect(ok<UserInfo>(await t.call('admin/unbind_totp', { code: codeOf(secret) }, tok.c1)).totp_enabled).toBe(false);
    await refusedUnchanged('admin/unbind_totp', { code: codeOf(secret) }, tok.c1, 409);
  });
});
