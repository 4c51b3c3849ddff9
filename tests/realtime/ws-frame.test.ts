import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as wsLib from 'ws';
import WebSocket, { WebSocketServer } from 'ws';
import { asciiTextFrame } from '../../mock-server/realtime/ws-frame.ts';

/**
 * The hub writes its data frames to the upgraded socket itself (mock-server/realtime/ws-frame.ts). A real
 * `ws` client on a real loopback socket must read each as the text message it is, at every header size
 * (7-bit, 16-bit and 64-bit lengths and their edges), in order with the frames `ws` writes on the same socket.
 */
const LENGTHS = [0, 1, 125, 126, 127, 65_535, 65_536, 200_000];
const textOf = (n: number) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/='.repeat(Math.ceil(n / 65) + 1).slice(0, n);

let server: http.Server;
let port: number;

beforeAll(async () => {
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  server = http.createServer();
  server.on('upgrade', (req, socket: Duplex, head) => {
    wss.handleUpgrade(req, socket, head, (ws) => {
      for (const n of LENGTHS) {
        socket.write(asciiTextFrame(textOf(n)), 'latin1');
        ws.send(`ws:${n}`);
      }
      ws.close(1000, 'done');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** ws's own framing, the byte reference (ws exports its Sender; @types/ws does not declare it). */
const wsFrame = (text: string) =>
  Buffer.concat(
    (wsLib as unknown as { Sender: { frame(data: Buffer, options: Record<string, boolean | number>): Buffer[] } }).Sender.frame(Buffer.from(text), {
      fin: true,
      opcode: 1,
      mask: false,
      readOnly: false,
      rsv1: false,
    }),
  );

describe('asciiTextFrame', () => {
  it('is the bytes ws frames the same text as, at every length', () => {
    for (const n of LENGTHS) expect(Buffer.from(asciiTextFrame(textOf(n)), 'latin1')).toEqual(wsFrame(textOf(n)));
  });

  it('is read by a ws client as the same text, at every length, in order with frames ws wrote', async () => {
    const client = new WebSocket(`ws://127.0.0.1:${port}/`);
    const got: { text: string; binary: boolean }[] = [];
    client.on('message', (data, isBinary) => got.push({ text: data.toString(), binary: isBinary }));
    const close = await new Promise<{ code: number; reason: string }>((resolve) =>
      client.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    expect(close).toEqual({ code: 1000, reason: 'done' });
    expect(got).toEqual(LENGTHS.flatMap((n) => [{ text: textOf(n), binary: false }, { text: `ws:${n}`, binary: false }]));
  });
});
