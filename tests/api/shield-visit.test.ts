import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ok, SEEDED, useQrServer } from '../helpers/qr.ts';
import { valueOf } from '../../fixtures/rows.ts';

/** The visit path and domains (issue 14): pass-through to a code's current domain, and forwarding rules. */
const { t, tok } = useQrServer();
const views = (file: string) => valueOf<number>(t.db, 'qr_codes', 'view_number', { file_name: file })!;

describe('visit pass-through', () => {
  it('a code visited on its own domain or on a host that is none of ours answers the jump page', async () => {
    for (const host of ['entry1.example.com', '127.0.0.1']) {
      const res = await request(t.server).get('/v/demo01').set('Host', host);
      expect(res.status).toBe(200);
      expect(res.text).toContain('https://example.com/spring/');
    }
  });

  it('on another of our domains it goes on (302) to the current domain, counting the visit only there', async () => {
    const before = views('demo01');
    const res = await request(t.server).get('/v/demo01?s=1').set('Host', 'land1.example.com:8080');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('http://entry1.example.com:8080/v/demo01?s=1');
    expect(views('demo01')).toBe(before);
  });
});

describe('forwarding rules', () => {
  it('a domain with an enabled rule jumps from its root to the target', async () => {
    const res = await request(t.server).get('/').set('Host', 'land1.example.com');
    expect(res.status).toBe(200);
    expect(res.text).toContain('https://example.com/landing');
    expect(res.headers['content-security-policy']).toMatch(/nonce-/);
  });

  it('a disabled rule or a domain without one is not forwarded', async () => {
    ok(await t.call('forward/update', { id: 1, show_status: 2 }, tok.customer01));
    expect((await request(t.server).get('/').set('Host', 'land1.example.com')).text).not.toContain('https://example.com/landing');
    expect((await request(t.server).get('/').set('Host', 'entry1.example.com')).text).not.toContain('example.com/');
    ok(await t.call('forward/add', { domain_id: SEEDED.s1, target_url: 'https://example.org/short', jump_type: 2 }, tok.customer01));
    const res = await request(t.server).get('/').set('Host', 's1.example.com');
    expect(res.text).toContain('http-equiv="refresh"');
    expect(res.text).toContain('https://example.org/short');
  });
});
