import { z } from 'zod';

/**
 * An image address a mall or picture record may hold: a file `file/add` stored (`/uploads/<name>.<ext>`,
 * the server also checks the file is recorded) or an http(s) address. Anything else (`javascript:`,
 * `data:`, a relative path) is refused, so a stored address is always safe to put into `src`.
 */
export const UPLOAD_URL = /^\/uploads\/[A-Za-z0-9_-]{1,128}\.(png|jpe?g|webp|gif)$/;
const HTTP_URL = /^https?:\/\/[^\s<>"'`\\]{1,500}$/i;

export const isImageUrl = (s: string): boolean => UPLOAD_URL.test(s) || HTTP_URL.test(s);

export const imageUrl = z.string().trim().max(512).refine(isImageUrl, 'validation.image_url');
/** An optional image: '' means none. */
export const imageUrlOrEmpty = z.string().trim().max(512).refine((s) => s === '' || isImageUrl(s), 'validation.image_url');
