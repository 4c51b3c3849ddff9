import { describe, expect, it } from 'vitest';
import { refusalText } from '../helpers/qr.ts';
import { MINUTE, manualClock } from '../helpers/clock.ts';
import { rowOf, rowsOf, valuesOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** Issue 13: server parameters (website info, session idle time, live) and upload settings (secret write-only). */
const clock = manualClock();
const { t, tok } = useApiServer({ clock }, { admin: 'superadmin' });

describe('configuration', () => {
  it('changes the website info every console reads, at once', async () => {
    const res = await t.call('configuration/update', { title: 'My QR', color: '#112233' }, tok.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'My QR', color: '#112233', icon: '/logo.svg' });
    const info = await t.call('website_info/inquire', {});
    expect(info.body.data).toMatchObject({ title: 'My QR', color: '#112233' });
  });
  it('a shorter session idle time ends idle sessions from their next call', async () => {
    const other = await t.login('admin01');
    expect((await t.call('configuration/update', { session_idle_minutes: 10 }, tok.admin)).body.data).toMatchObject({ session_idle_minutes: 10 });
    clock.advance(11 * MINUTE);
    expect((await t.call('admin/user_info', {}, other)).status).toBe(401);
    tok.admin = await t.login('superadmin');
    await t.call('configuration/update', { session_idle_minutes: 720 }, tok.admin);
  });
  it.each([
    [{ title: 'x'.repeat(65) }, /^title: /],
    [{ title: '  ' }, /^title: /],
    [{ color: 'red' }, /^color: /],
    [{ icon: 'javascript:alert(1)' }, /^icon: /],
    [{ session_idle_minutes: 0 }, /^session_idle_minutes: /],
    [{ session_idle_minutes: 10_000_000 }, /^session_idle_minutes: /],
    [{ nope: 1 }, /nope/],
  ])('refuses %j naming the field, nothing changes', async (body, message) => {
    const before = rowsOf(t.db, 'settings', {}, { orderBy: 'key' });
    const res = await t.call('configuration/update', body, tok.admin);
    expect(res.status).toBe(400);
    expect(refusalText(res.body)).toMatch(message);
    expect(rowsOf(t.db, 'settings', {}, { orderBy: 'key' })).toEqual(before);
  });
  it('administrators without the route are refused', async () => {
    const a = await t.login('admin01');
    expect((await t.call('configuration/inquire', {}, a)).status).toBe(403);
  });
});

describe('image_config', () => {
  it('never reads the secret back, keeps it when the mask or nothing is sent', async () => {
    const set = await t.call('image_config/update', { access_key_id: 'AK1', access_key_secret: 's3cret!', bucket: 'b1' }, tok.admin);
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ access_key_id: 'AK1', access_key_secret: '******', bucket: 'b1' });
    await t.call('image_config/update', { access_key_secret: '******', region: 'r1' }, tok.admin);
    await t.call('image_config/update', { access_key_secret: '' }, tok.admin);
    expect(rowOf(t.db, 'upload_config', 1, ['access_key_secret', 'region'])).toEqual({ access_key_secret: 's3cret!', region: 'r1' });
    const read = await t.call('image_config/inquire', {}, tok.admin);
    expect(JSON.stringify(read.body)).not.toContain('s3cret');
    // The audit row does not hold it either.
    expect(JSON.stringify(valuesOf(t.db, 'logs', 'content')).toLowerCase()).not.toContain('s3cret');
  });
  it('the size limit is the one file/add uses', async () => {
    const res = await t.call('image_config/update', { size_limit_bytes: 2048, allowed_types: 'png,gif' }, tok.admin);
    expect(res.body.data).toMatchObject({ size_limit_bytes: 2048, allowed_types: 'png,gif' });
    const { readUploadLimits } = await import('../../mock-server/uploads/config.ts');
    expect(readUploadLimits(t.services.db).sizeLimit).toBe(2048);
  });
  it.each([{ size_limit_bytes: -1 }, { size_limit_bytes: 10 ** 12 }, { allowed_types: 'png,svg' }, { save_path: '../etc' }, { upload_type: 9 }])(
    'refuses %j, nothing changes',
    async (body) => {
      const before = rowOf(t.db, 'upload_config', 1);
      expect((await t.call('image_config/update', body, tok.admin)).status).toBe(400);
      expect(rowOf(t.db, 'upload_config', 1)).toEqual(before);
    },
  );
});
