import { describe, expect, it } from 'vitest';
import { parseUserAgent } from '../../mock-server/visit-rules/user-agent.ts';
import { intToIp, ipToInt, visitorIpv4 } from '../../mock-server/visit-rules/ip.ts';
import { USER_AGENTS } from '../../fixtures/visitors.ts';

describe('device info from the user agent (latest_source)', () => {
  it.each([
    [USER_AGENTS.wechatIphone, 'iPhone;iOS 17.2;WeChat 8.0.44'],
    [USER_AGENTS.wechatXiaomi, '2211133C;Android 13;WeChat 8.0.43.2480'],
    [USER_AGENTS.wechatHuawei, 'ALN-AL00;Android 12;WeChat 8.0.42.2460'],
    [USER_AGENTS.safariIphone, 'iPhone;iOS 16.6;Mobile Safari 16.6'],
    [USER_AGENTS.chromeSamsung, 'SM-S9180;Android 14;Chrome 120.0.6099.144'],
    [USER_AGENTS.chromeWindows, 'Windows 10;Chrome 120.0.0.0'],
    ['', ''],
    ['curl/8.5.0', ''],
  ])('%s → %s', (ua, source) => {
    expect(parseUserAgent(ua).source).toBe(source);
  });

  it('keeps the parts apart', () => {
    expect(parseUserAgent(USER_AGENTS.chromeOnePlus)).toEqual({
      model: 'PHB110',
      os: 'Android 13',
      browser: 'Chrome 119.0.6045.163',
      wechat: '',
      source: 'PHB110;Android 13;Chrome 119.0.6045.163',
    });
  });
});

describe('IPv4 helpers', () => {
  it('round-trips addresses as unsigned integers', () => {
    for (const ip of ['0.0.0.0', '1.2.3.4', '127.0.0.1', '203.0.113.50', '255.255.255.255']) expect(intToIp(ipToInt(ip))).toBe(ip);
    expect(ipToInt('255.255.255.255')).toBe(4294967295);
    expect(() => ipToInt('1.2.3.256')).toThrow();
  });

  it('takes the visitor address Express saw, unwrapping IPv4-mapped IPv6', () => {
    expect(visitorIpv4('::ffff:39.128.0.1')).toBe('39.128.0.1');
    expect(visitorIpv4('::1')).toBe('127.0.0.1');
    expect(visitorIpv4('2001:db8::1')).toBe('0.0.0.0');
    expect(visitorIpv4(undefined)).toBe('0.0.0.0');
  });
});
