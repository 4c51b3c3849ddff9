import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { failureBody } from '../helpers/qr.ts';
import { CONTROL_PREFIX } from '../../contracts/index.ts';
import { controlAllowed } from '../../mock-server/control/control-guard.ts';
import { isLoopback as isLoopbackAddress } from '../../mock-server/security/client-ip.ts';
import type { MockServer } from '../../mock-server/app.ts';
import { snapshot } from '../helpers/db-snapshot.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Part 8: the control API answers loopback peers, and others only with MOCK_CONTROL_TOKEN. A peer other than
 * loopback is made without a network: a real TCP connection on loopback whose server-side socket reports
 * another address, handed to the real HTTP server (so the guard reads `req.socket.remoteAddress` as it would).
 */
function requestAs(server: MockServer, remoteAddress: string, name: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: { status: boolean; message?: string } }>((resolve, reject) => {
    const relay = net.createServer((socket) => {
      Object.defineProperty(socket, 'remoteAddress', { value: remoteAddress });
      server.emit('connection', socket);
    });
    relay.listen(0, '127.0.0.1', () => {
      const client = net.connect((relay.address() as net.AddressInfo).port, '127.0.0.1');
      const body = '{}';
      const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
      client.write(
        `POST ${CONTROL_PREFIX}/${name} HTTP/1.1\r\nHost: qa.example\r\nContent-Type: application/json\r\nAccept-Language: en\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n${extra}\r\n${body}`,
      );
      let raw = '';
      client.on('data', (d) => (raw += d.toString()));
      client.on('error', reject);
      client.on('end', () => {
        relay.close();
        const status = Number(/^HTTP\/1\.1 (\d+)/.exec(raw)?.[1]);
        const text = raw.slice(raw.indexOf('\r\n\r\n') + 4);
        // Chunked or not, the JSON is the one {...} in the body.
        resolve({ status, body: JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) });
      });
    });
  });
}

describe('control guard: the decision', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.0.2.7', false],
    ['::ffff:192.0.2.7', false],
    ['fd00::2', false],
    ['1270.0.0.1', false],
    ['', false],
    [undefined, false],
  ])('%s is loopback: %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });

  it.each([
    ['loopback, no token configured', '127.0.0.1', undefined, undefined, true],
    ['loopback, wrong token sent', '::1', 'nope', 's3cret', true],
    ['remote, no token configured', '192.0.2.7', 's3cret', undefined, false],
    ['remote, empty token configured', '192.0.2.7', '', '', false],
    ['remote, token not sent', '192.0.2.7', undefined, 's3cret', false],
    ['remote, wrong token', '192.0.2.7', 's3cret!', 's3cret', false],
    ['remote, right token', '192.0.2.7', 's3cret', 's3cret', true],
    ['unknown peer, right token', undefined, 's3cret', 's3cret', true],
  ])('%s', (_name, address, sent, token, expected) => {
    expect(controlAllowed(address, sent, token)).toBe(expected);
  });
});

describe('control guard: through the real server', () => {
  const { t: open } = useApiServer();
  const { t: guarded } = useApiServer({ controlToken: 'qa-shared-token' });

  it('answers a loopback peer without a token', async () => {
    const res = await requestAs(open.server, '127.0.0.1', 'state');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(true);
  });

  it.each([
    ['no token configured', () => open, {}],
    ['token configured, none sent', () => guarded, {}],
    ['token configured, a wrong one sent', () => guarded, { 'x-control-token': 'qa-shared-tokem' }],
    ['X-Forwarded-For claiming loopback', () => guarded, { 'x-forwarded-for': '127.0.0.1' }],
  ])('refuses a remote peer with 403 in the envelope: %s', async (_name, server, headers) => {
    const t = server();
    const before = snapshot(t.db);
    const res = await requestAs(t.server, '192.0.2.7', 'reset', headers);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(failureBody('The control API answers this machine only, or a caller sending the control token'));
    // A reset would have re-seeded (new password salts): the database is exactly as before.
    expect(snapshot(t.db)).toEqual(before);
  });

  it('answers a remote peer that sends the configured token', async () => {
    const res = await requestAs(guarded.server, '192.0.2.7', 'state', { 'x-control-token': 'qa-shared-token' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(true);
  });

  it('the same over IPv6: a remote peer is refused, ::1 is not', async () => {
    expect((await requestAs(guarded.server, 'fd00::2', 'state')).status).toBe(403);
    expect((await requestAs(guarded.server, '::1', 'state')).status).toBe(200);
  });
});
