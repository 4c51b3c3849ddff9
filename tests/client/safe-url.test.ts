import { describe, expect, it } from 'vitest';
import { isSafeImageUrl } from '../../client/components/safe-url.ts';

describe('isSafeImageUrl', () => {
  it.each([
    ['/logo.svg', true],
    ['https://cdn.example.com/a.png', true],
    ['http://x.example/i.ico', true],
    ['data:image/png;base64,AAAA', true],
    ['javascript:alert(1)', false],
    ['JaVaScRiPt:alert(1)', false],
    ['//evil.example/x.png', false],
    ['data:text/html;base64,PHNjcmlwdD4=', false],
    ['"><svg onload=alert(1)>', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (url, safe) => {
    expect(isSafeImageUrl(url)).toBe(safe);
  });
});
