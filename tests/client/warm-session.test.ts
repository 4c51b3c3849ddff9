import { describe, expect, it } from 'vitest';
import { screens } from '../../client/app/screens.ts';
import { screenOfHash } from '../../client/app/warm-session.ts';

describe('warm-up of the first screen behind login (client/app/warm-session.ts)', () => {
  it('names the screen of an address under /customer, today_statistics for /customer itself', () => {
    expect(screenOfHash('#/customer/today_statistics')).toBe('today_statistics');
    expect(screenOfHash('#/customer/qr_code_list?page=2')).toBe('qr_code_list');
    expect(screenOfHash('#/customer')).toBe('today_statistics');
    expect(screenOfHash('#/customer/')).toBe('today_statistics');
  });

  it('names nothing for the pages before login', () => {
    for (const hash of ['', '#/', '#/admin_login', '#/share_access?name=demo01', '#/access_log', '#/customers/x']) {
      expect(screenOfHash(hash)).toBeNull();
    }
  });

  it('every registered screen can be preloaded with the loader its lazy component renders from', async () => {
    const entries = Object.entries(screens);
    expect(entries.length).toBeGreaterThan(50);
    for (const [name, screen] of entries) expect(typeof screen?.preload, name).toBe('function');
    const today = await screens.today_statistics!.preload!();
    expect(typeof today.default).toBe('function');
  });
});
