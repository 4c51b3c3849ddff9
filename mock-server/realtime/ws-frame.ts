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

/**
 * The same frame as a latin1 string (header bytes as chars 0–255, then the ASCII text), for
 * `socket.write(frame, 'latin1')`: a net socket hands a string straight to the kernel write (decodeStrings is
 * off), so a push does not allocate and fill a buffer per socket only to copy it again.
 */
export function asciiTextFrameString(text: string): string {
  const length = text.length;
  if (length < 126) return String.fromCharCode(0x81, length) + text;
  if (length < 65_536) return String.fromCharCode(0x81, 126, length >>> 8, length & 0xff) + text;
  // 64-bit length, of which our frames (at most FRAME_MAX_BYTES) use the low 32 bits.
  return (
    String.fromCharCode(0x81, 127, 0, 0, 0, 0, (length >>> 24) & 0xff, (length >>> 16) & 0xff, (length >>> 8) & 0xff, length & 0xff) +
    text
  );
}
