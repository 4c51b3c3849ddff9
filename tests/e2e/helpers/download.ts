import type { Download } from 'playwright-core';

/**
 * A download's bytes. The browser suites connect to a shared Chromium (global-setup.ts) rather than launch one,
 * and Playwright refuses `download.path()` over a connection; the stream works either way.
 */
export async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A download's text (UTF-8). */
export const textOf = async (download: Download): Promise<string> => (await bytesOf(download)).toString('utf8');
