import { describe, expect, it } from 'vitest';
import { adaptWebSocket, socketUrl, type SocketEvent, type WebSocketLike } from '../../client/io/effects/socket.ts';
import { reachOf, type ConnectivityState } from '../../client/features/connectivity/connectivity-slice.ts';
import { maxFailuresFrom } from '../../client/features/realtime/sagas/realtime-sagas.ts';
import { shareQuery } from '../../client/features/share/sagas/share-sagas.ts';

describe('maxFailuresFrom (VITE_REALTIME_MAX_FAILURES)', () => {
  it.each<[string | undefined, number]>([
    [undefined, 20],
    ['', 20],
    ['  ', 20],
    ['5', 5],
    ['0', 0],
    ['1000', 1000],
    ['1001', 20],
    ['-1', 20],
    ['2.5', 20],
    ['ten', 20],
  ])('%o → %i', (configured, limit) => {
    expect(maxFailuresFrom(configured)).toBe(limit);
  });
});

describe('socketUrl', () => {
  it.each([
    [{ protocol: 'http:', host: '127.0.0.1:8787' }, 'ws://127.0.0.1:8787/ws?sid=ab12'],
    [{ protocol: 'https:', host: 'console.example.com' }, 'wss://console.example.com/ws?sid=ab12'],
  ])('%o → %s', (location, url) => {
    expect(socketUrl(location, 'ab12')).toBe(url);
  });
});

describe('adaptWebSocket', () => {
  it('passes text events through, drops binary ones, and unsubscribes', () => {
    const listeners = new Map<string, (e: never) => void>();
    const ws = {
      send: () => {},
      close: () => {},
      addEventListener: (type: string, fn: (e: never) => void) => void listeners.set(type, fn),
      removeEventListener: (type: string) => void listeners.delete(type),
    } as unknown as WebSocketLike;
    const seen: SocketEvent[] = [];
    const unsubscribe = adaptWebSocket(ws).subscribe((e) => seen.push(e));
    const fire = (type: string, e: unknown) => (listeners.get(type) as ((e: unknown) => void) | undefined)?.(e);
    fire('open', {});
    fire('message', { data: 'text frame' });
    fire('message', { data: new ArrayBuffer(4) });
    fire('close', { code: 4010, reason: 'restart' });
    expect(seen).toEqual([{ kind: 'open' }, { kind: 'message', data: 'text frame' }, { kind: 'close', code: 4010, reason: 'restart' }]);
    unsubscribe();
    expect(listeners.size).toBe(0);
  });
});

describe('shareQuery (spec §5: both name and password required)', () => {
  it.each([
    ['?name=demo01&password=share01', { file_name: 'demo01', password: 'share01' }],
    ['?name=%E6%98%A5&password=p%20w', { file_name: '春', password: 'p w' }],
    ['?name=demo01', null],
    ['?password=share01', null],
    ['?name=%20%20&password=x', null],
    ['?name=demo01&password=', null],
    ['', null],
  ])('%s', (search, expected) => {
    expect(shareQuery(search)).toEqual(expected);
  });
});

describe('reachOf (the header indicator)', () => {
  it.each<[ConnectivityState, string]>([
    [{ http: 'unknown', socket: 'none' }, 'checking'],
    [{ http: 'unknown', socket: 'connecting' }, 'checking'],
    [{ http: 'unknown', socket: 'online' }, 'online'],
    [{ http: 'unknown', socket: 'offline' }, 'offline'],
    [{ http: 'online', socket: 'none' }, 'online'],
    [{ http: 'online', socket: 'connecting' }, 'checking'],
    [{ http: 'online', socket: 'online' }, 'online'],
    [{ http: 'online', socket: 'offline' }, 'offline'],
    [{ http: 'offline', socket: 'online' }, 'offline'],
  ])('%o → %s', (state, reach) => {
    expect(reachOf(state)).toBe(reach);
  });
});
