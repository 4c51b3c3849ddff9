import { describe, expect, it } from 'vitest';
import { pickLocale } from '../../contracts/i18n/messages.ts';

describe('Accept-Language negotiation', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['en', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['fr, en;q=0.8', 'en'],
    ['fr, en;q=0.8, zh;q=0.5', 'en'],
    ['en;q=0.5, zh;q=0.9', 'zh-CN'],
    ['zh;q=0, en;q=0.1', 'en'],
    ['en;q=0', 'zh-CN'],
    ['fr, de', 'zh-CN'],
    ['*', 'zh-CN'],
    ['fr, *;q=0.5, en;q=0.6', 'en'],
    ['english', 'zh-CN'],
    ['en;q=abc, zh;q=0.2', 'zh-CN'],
  ] as const)('%j → %s', (header, expected) => {
    expect(pickLocale(header)).toBe(expected);
  });
});
