import type { UploadType } from '../../contracts/index.ts';

/** Bytes needed to recognise every accepted kind (WebP's "WEBP" ends at byte 12). */
export const SNIFF_BYTES = 12;

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) =>
  bytes.every((b, i) => head[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The image kind of a file from its first bytes (PNG signature, JPEG SOI + marker, GIF87a/89a, RIFF…WEBP),
 * or null. Names and declared content types are never consulted: a renamed HTML or SVG file is text and
 * matches none of these.
 */
export function sniffImage(head: Buffer): UploadType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** File extension of each kind for the stored name. */
export const EXTENSION: Readonly<Record<UploadType, string>> = {
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
  gif: 'gif',
};
