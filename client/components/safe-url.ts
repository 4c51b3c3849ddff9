/**
 * Whether a server-given image address may go into `src`/`href`: same-origin paths, http(s) and inline
 * images only. Stored text is untrusted (hostile payloads in issue 5), so `javascript:` and the like never
 * reach the page.
 */
export function isSafeImageUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  return /^https?:\/\/[^\s]+$/i.test(url) || /^data:image\/(png|gif|jpeg|webp|svg\+xml);/i.test(url);
}
