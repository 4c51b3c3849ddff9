/**
 * One server → client WebSocket text frame (RFC 6455 §5.2: FIN, opcode 1, unmasked) as a single buffer, for
 * ASCII text (our frames are base64). Why not `ws.send`: it hands the socket a header and a payload, which
 * node writes with `writev`; one buffer takes the plain `write` path, which for a push to a thousand loopback
 * sockets measured 10–40 % less time (docs/decisions/2026-11-26-realtime-hub-parts.md).
 * The hub writes these to the upgraded socket itself; `ws` still writes its own control frames (close, pong)
 * to the same socket, each frame whole and in call order, since it never queues (no compression, no blobs).
 */
export function asciiTextFrame(text: string): Buffer {
  const length = text.length;
  const head = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + length);
  frame[0] = 0x81;
  if (head === 2) frame[1] = length;
  else if (head === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(0, 2);
    frame.writeUInt32BE(length, 6);
  }
  frame.write(text, head, 'latin1');
  return frame;
}
