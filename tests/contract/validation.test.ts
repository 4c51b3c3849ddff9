import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ACCESS_LOG_DEFAULT_DAYS,
  ACCESS_LOG_LOOKBACK_DAYS,
  ACCOUNT_MIN,
  LOCALES,
  PASSWORD_MIN,
  balanceChangeRule,
  changePasswordForm,
  ipv4Rule,
  isIpv4,
  isUsableInvitationCode,
  loginForm,
  nonEmptyName,
  parseIpLines,
  registerForm,
  sharedMessages,
  shareRatioRule,
  translate,
} from '../../contracts/index.ts';

/**
 * Spec §5 rules of contracts/validation.ts, used by both the console's forms and the server: each rule's
 * message is an i18n key of contracts/i18n/messages.ts with an English and a Chinese text.
 */

type Issue = { path: string; key: string };
/** The issues a value raises, as `{ path, key }` (path '' for the value itself); [] when it passes. */
function issuesOf(schema: z.ZodType, value: unknown): Issue[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), key: i.message }));
}

describe('§5 messages and their translations', () => {
  // Every message §5 (and §8's login_err_01) names, with the exact English wording the spec quotes.
  it.each<[string, string | null]>([
    ['validation.login_err_01', null],
    ['validation.login_err_02', 'Please input account'],
    ['validation.login_err_03', null],
    ['validation.login_err_04', 'Two passwords are inconsistent'],
    ['validation.login_err_05', null],
    ['validation.login_account_required', 'Please input Username'],
    ['validation.account_min', 'username must be longer than 5 characters'],
    ['validation.password_min', 'password must be longer than 6 characters'],
    ['validation.password_charset', 'password needs English + digits'],
    ['validation.passwords_inconsistent', 'The passwords entered twice are inconsistent, please try again'],
    ['validation.share_ratio', null],
    ['validation.name_required', null],
    ['validation.balance_change', null],
    ['validation.upload_limit', 'File upload limit exceeded'],
    ['validation.time_required', 'please enter the time to search'],
    ['validation.ip_invalid', 'ip address invalid, please re-enter'],
    ['validation.ip_required', 'please enter the IP to query'],
  ])('%s reads as the spec says in English and has a Chinese text', (key, english) => {
    const en = translate(key, 'en');
    const zh = translate(key, 'zh-CN');
    expect(en).not.toBe(key);
    if (english) expect(en).toBe(english);
    expect(zh).not.toBe(key);
    expect(zh).not.toBe(en);
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
  });

  it('both languages have the same keys, none of them empty', () => {
    const [en, zh] = LOCALES.map((l) => sharedMessages[l]);
    for (const group of Object.keys(en) as (keyof typeof en)[]) {
      expect(Object.keys(zh[group]).sort(), group).toEqual(Object.keys(en[group]).sort());
      for (const lang of [en, zh]) for (const text of Object.values(lang[group])) expect(text.trim()).not.toBe('');
    }
  });

  it('fills variables and leaves unknown keys as they are', () => {
    expect(translate('errors.too_many_failures', 'en', { minutes: 10 })).toBe('Too many failed logins; try again in 10 minutes');
    expect(translate('errors.too_many_failures', 'zh-CN', { minutes: 10 })).toBe('登录失败次数过多，请 10 分钟后再试');
    expect(translate('plain text, not a key', 'en')).toBe('plain text, not a key');
  });

  it('keeps the §9 limits', () => {
    expect([ACCOUNT_MIN, PASSWORD_MIN, ACCESS_LOG_LOOKBACK_DAYS, ACCESS_LOG_DEFAULT_DAYS]).toEqual([5, 6, 7, 3]);
  });
});

describe('registerForm', () => {
  const form = (over: Record<string, unknown> = {}) => ({
    account: 'newuser1',
    password: 'abc123',
    repeat_password: 'abc123',
    code: 'AGENT01',
    ...over,
  });

  it.each<[string, Record<string, unknown>]>([
    ['a full form', {}],
    ['no code', { code: undefined }],
    ['an empty code', { code: '' }],
    ['an account of exactly 5', { account: 'abcde' }],
    ['an account with _ . @ -', { account: 'a_b.c@d-e' }],
    ['a password of exactly 6', { password: 'abc123', repeat_password: 'abc123' }],
  ])('takes %s', (_name, over) => {
    expect(issuesOf(registerForm, form(over))).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, Issue]>([
    ['a missing account', { account: undefined }, { path: 'account', key: 'validation.login_err_02' }],
    ['an empty account', { account: '' }, { path: 'account', key: 'validation.login_err_02' }],
    ['a blank account', { account: '    ' }, { path: 'account', key: 'validation.login_err_02' }],
    ['an account of 4', { account: 'abcd' }, { path: 'account', key: 'validation.account_min' }],
    ['an account of 4 padded with spaces', { account: '  abcd  ' }, { path: 'account', key: 'validation.account_min' }],
    ['an account of 33', { account: 'a'.repeat(33) }, { path: 'account', key: 'validation.account_max' }],
    ['an account with a space inside', { account: 'new user' }, { path: 'account', key: 'validation.account_charset' }],
    ['a missing password', { password: undefined }, { path: 'password', key: 'validation.login_err_03' }],
    ['an empty password', { password: '' }, { path: 'password', key: 'validation.login_err_03' }],
    ['a password of 5', { password: 'abc12', repeat_password: 'abc12' }, { path: 'password', key: 'validation.password_min' }],
    ['a password of letters only', { password: 'abcdef', repeat_password: 'abcdef' }, { path: 'password', key: 'validation.password_charset' }],
    ['a password of digits only', { password: '123456', repeat_password: '123456' }, { path: 'password', key: 'validation.password_charset' }],
    ['a password with a symbol', { password: 'abc12!', repeat_password: 'abc12!' }, { path: 'password', key: 'validation.password_charset' }],
    ['a password with a Chinese letter', { password: 'abc12密', repeat_password: 'abc12密' }, { path: 'password', key: 'validation.password_charset' }],
    ['a password of 65', { password: 'a1'.repeat(33).slice(0, 65), repeat_password: 'a1'.repeat(33).slice(0, 65) }, { path: 'password', key: 'validation.password_max' }],
    ['an empty repeat', { repeat_password: '' }, { path: 'repeat_password', key: 'validation.login_err_04' }],
    ['a repeat that differs', { repeat_password: 'abc124' }, { path: 'repeat_password', key: 'validation.login_err_04' }],
    ['a password equal to the account', { account: 'abc123', password: 'abc123', repeat_password: 'abc123' }, { path: 'password', key: 'validation.login_err_05' }],
    ['a code with a hyphen', { code: 'AG-01' }, { path: 'code', key: 'validation.code_charset' }],
    ['a code of 33', { code: 'A'.repeat(33) }, { path: 'code', key: 'validation.code_max' }],
  ])('refuses %s', (_name, over, issue) => {
    expect(issuesOf(registerForm, form(over))).toContainEqual(issue);
  });

  it('says only what is wrong: one bad field, one message', () => {
    expect(issuesOf(registerForm, form({ account: 'abcd' }))).toEqual([{ path: 'account', key: 'validation.account_min' }]);
  });
});

describe('loginForm', () => {
  const form = (over: Record<string, unknown> = {}) => ({ account: 'admin01', password: 'Admin12345', ...over });

  it.each<[string, Record<string, unknown>]>([
    ['account and password', {}],
    ['a 6-digit two-factor code', { totp: '123456' }],
    ['an empty two-factor code (account without two-factor)', { totp: '' }],
    // Login does not apply the registration rules: old accounts may predate them.
    ['a short account and password', { account: 'ab', password: 'x' }],
  ])('takes %s', (_name, over) => {
    expect(issuesOf(loginForm, form(over))).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, Issue]>([
    ['an empty account', { account: '' }, { path: 'account', key: 'validation.login_account_required' }],
    ['a blank account', { account: '   ' }, { path: 'account', key: 'validation.login_account_required' }],
    ['an empty password', { password: '' }, { path: 'password', key: 'validation.login_err_03' }],
    ['a password equal to the account', { account: 'same1', password: 'same1' }, { path: 'password', key: 'validation.login_err_05' }],
    ['a 5-digit two-factor code', { totp: '12345' }, { path: 'totp', key: 'validation.totp_format' }],
    ['a 7-digit two-factor code', { totp: '1234567' }, { path: 'totp', key: 'validation.totp_format' }],
    ['a two-factor code with letters', { totp: '12a456' }, { path: 'totp', key: 'validation.totp_format' }],
  ])('refuses %s', (_name, over, issue) => {
    expect(issuesOf(loginForm, form(over))).toContainEqual(issue);
  });
});

describe('changePasswordForm', () => {
  const form = (over: Record<string, unknown> = {}) => ({
    old_password: 'Old12345',
    new_password: 'New12345',
    repeat_password: 'New12345',
    ...over,
  });

  it('takes a valid change', () => {
    expect(issuesOf(changePasswordForm, form())).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, Issue]>([
    ['an empty old password', { old_password: '' }, { path: 'old_password', key: 'validation.old_password_required' }],
    ['an empty new password', { new_password: '' }, { path: 'new_password', key: 'validation.login_err_03' }],
    ['a new password of 5', { new_password: 'New12', repeat_password: 'New12' }, { path: 'new_password', key: 'validation.password_min' }],
    ['a new password of letters only', { new_password: 'Newpassword', repeat_password: 'Newpassword' }, { path: 'new_password', key: 'validation.password_charset' }],
    ['an empty repeat', { repeat_password: '' }, { path: 'repeat_password', key: 'validation.new_password_required' }],
    ['a repeat that differs', { repeat_password: 'New12346' }, { path: 'repeat_password', key: 'validation.passwords_inconsistent' }],
  ])('refuses %s', (_name, over, issue) => {
    expect(issuesOf(changePasswordForm, form(over))).toContainEqual(issue);
  });
});

describe('share ratio (a number >= 0)', () => {
  it.each([0, 12.5, 30, 100])('takes %s', (value) => {
    expect(issuesOf(shareRatioRule, value)).toEqual([]);
  });
  it.each<[string, unknown]>([
    ['-1', -1],
    ['-0.01', -0.01],
    ['text', '30'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['null', null],
    ['over 100', 101],
  ])('refuses %s with validation.share_ratio', (_name, value) => {
    expect(issuesOf(shareRatioRule, value)).toEqual([{ path: '', key: 'validation.share_ratio' }]);
  });
});

describe('role and node names (may not be empty)', () => {
  it.each(['a', '管理员', 'n'.repeat(64)])('takes %s', (value) => {
    expect(issuesOf(nonEmptyName, value)).toEqual([]);
  });
  it('trims the name', () => {
    expect(nonEmptyName.parse('  运营  ')).toBe('运营');
  });
  it.each<[string, unknown]>([
    ['an empty name', ''],
    ['spaces', '   '],
    ['a tab and a newline', '\t\n'],
  ])('refuses %s with validation.name_required', (_name, value) => {
    expect(issuesOf(nonEmptyName, value)).toEqual([{ path: '', key: 'validation.name_required' }]);
  });
  it('refuses a name over 64 characters', () => {
    expect(issuesOf(nonEmptyName, 'n'.repeat(65))).toHaveLength(1);
  });
});

describe('balance change in micro-units (positive adds, negative subtracts)', () => {
  it.each([100_000_000, -50_000_000, 1, -1, 1_000_000_000_000_000, -1_000_000_000_000_000])('takes %s', (value) => {
    expect(issuesOf(balanceChangeRule, value)).toEqual([]);
  });
  it.each<[string, unknown]>([
    ['0', 0],
    ['-0', -0],
    ['text', '100'],
    ['NaN', Number.NaN],
    ['Infinity', Number.NEGATIVE_INFINITY],
    ['a fraction of a micro-unit (an amount sent as a float)', 0.01],
  ])('refuses %s with validation.balance_change', (_name, value) => {
    expect(issuesOf(balanceChangeRule, value)).toEqual([{ path: '', key: 'validation.balance_change' }]);
  });
  it.each([1_000_000_000_000_001, -1_000_000_000_000_001])('refuses %s (over 1,000,000,000 USDT) with validation.amount_max', (value) => {
    expect(issuesOf(balanceChangeRule, value)).toEqual([{ path: '', key: 'validation.amount_max' }]);
  });
});

describe('IPv4 (access-log search)', () => {
  it.each(['0.0.0.0', '1.2.3.4', '10.0.0.255', '192.168.1.1', '255.255.255.255'])('takes %s', (ip) => {
    expect(isIpv4(ip)).toBe(true);
    expect(issuesOf(ipv4Rule, ip)).toEqual([]);
  });
  it.each(['', '1.2.3', '1.2.3.4.5', '256.1.1.1', '1.2.3.256', '01.2.3.4', '1.2.3.4 ', ' 1.2.3.4', 'a.b.c.d', '1..2.3', '::1', '1.2.3.4/24', '１.2.3.4'])(
    'refuses %j with validation.ip_invalid',
    (ip) => {
      expect(isIpv4(ip)).toBe(false);
      expect(issuesOf(ipv4Rule, ip)).toEqual([{ path: '', key: 'validation.ip_invalid' }]);
    },
  );
});

describe('parseIpLines (one IP per line)', () => {
  it.each<[string, string, string[]]>([
    ['lines', '1.1.1.1\n2.2.2.2', ['1.1.1.1', '2.2.2.2']],
    ['Windows line ends', '1.1.1.1\r\n2.2.2.2\r\n', ['1.1.1.1', '2.2.2.2']],
    ['blank lines and spaces', '\n  1.1.1.1  \n\n\t2.2.2.2\n  \n', ['1.1.1.1', '2.2.2.2']],
    ['nothing', '', []],
    ['only blanks', ' \n\t\n', []],
    // Not IPs are kept: the form then names them with ip_invalid instead of dropping them silently.
    ['a bad line', '1.1.1.1\nnot-an-ip', ['1.1.1.1', 'not-an-ip']],
  ])('splits %s', (_name, text, ips) => {
    expect(parseIpLines(text)).toEqual(ips);
  });
});

describe('isUsableInvitationCode (the ?code= of /admin_register)', () => {
  it.each(['AGENT01', 'abc123', 'A', 'A'.repeat(32)])('takes %s', (code) => {
    expect(isUsableInvitationCode(code)).toBe(true);
  });
  it.each<[string, string | null | undefined]>([
    ['an empty code', ''],
    ['null', null],
    ['undefined', undefined],
    ['a hyphen', 'AG-01'],
    ['a trailing space', 'AGENT01 '],
    ['33 characters', 'A'.repeat(33)],
    ['markup', '<script>'],
    ['a query piece', 'AGENT01&x=1'],
    ['full-width letters', 'ＡＧＥＮＴ01'],
  ])('refuses %s', (_name, code) => {
    expect(isUsableInvitationCode(code)).toBe(false);
  });
});
