/**
 * One server → client WebSocket text frame (RFC 6455 §5.2: FIN, opcode 1, unmasked) as one latin1 string
 * (header bytes as chars 0–255, then the text), for ASCII text (our frames are base64). Why not `ws.send`: it
 * hands the socket a header and a payload, which node writes with `writev`; one string takes the plain `write`
 * path (for a push to a thousand loopback sockets 10–40 % less time than writev), and a net socket hands a
 * string straight to the kernel write (decodeStrings is off), so a push allocates no buffer per socket
 * (docs/decisions/2026-11-26-realtime-hub-parts.md). Written with `socket.write(frame, 'latin1')`.
 * The hub writes these to the upgraded socket itself; `ws` still writes its own control frames (close, pong)
 * to the same socket, each frame whole and in call order, since it never queues (no compression, no blobs).
 */
export function asciiTextFrame(text: string): string {
  const length = text.length;
  if (length < 126) return String.fromCharCode(0x81, length) + text;
  if (length < 65_536) return String.fromCharCode(0x81, 126, length >>> 8, length & 0xff) + text;
  // 64-bit length, of which our frames (at most FRAME_MAX_BYTES) use the low 32 bits.
  return (
    String.fromCharCode(0x81, 127, 0, 0, 0, 0, (length >>> 24) & 0xff, (length >>> 16) & 0xff, (length >>> 8) & 0xff, length & 0xff) +
    text
  );
}
