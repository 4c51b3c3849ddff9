/**
 * Messages shared by the console and the mock server: validation rules (§5) and server errors (§8).
 * The console merges them into its i18n resources; the server answers in the request's language.
 */
export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

const en = {
  validation: {
    login_err_01: 'Registration succeeded, but your account has no page to open. Please contact the administrator.',
    login_err_02: 'Please input account',
    login_err_03: 'Please input password',
    login_err_04: 'Two passwords are inconsistent',
    login_err_05: 'Account and password may not be the same',
    login_account_required: 'Please input Username',
    account_min: 'username must be longer than 5 characters',
    account_max: 'username must be at most 32 characters',
    account_charset: 'username may contain letters, digits and _ . @ - only',
    password_min: 'password must be longer than 6 characters',
    password_max: 'password must be at most 64 characters',
    password_charset: 'password needs English + digits',
    code_max: 'invitation code must be at most 32 characters',
    code_charset: 'invitation code may contain letters and digits only',
    totp_format: 'the two-factor code is 6 digits',
    old_password_required: 'Please input the old password',
    new_password_required: 'Please input the new password again',
    passwords_inconsistent: 'The passwords entered twice are inconsistent, please try again',
    share_ratio: 'share ratio must be a number >= 0',
    name_required: 'name may not be empty',
    balance_change: 'enter a positive amount to add or a negative amount to subtract',
    ip_invalid: 'ip address invalid, please re-enter',
    ip_required: 'please enter the IP to query',
    time_required: 'please enter the time to search',
    time_range: 'dates must be within the last 7 days up to today',
    date_time: "expected 'YYYY-MM-DD HH:mm:ss'",
    upload_limit: 'File upload limit exceeded',
  },
  errors: {
    login_failed: 'Login failed',
    bad_credentials: 'Wrong account or password',
    totp_required: 'Enter the two-factor code',
    totp_invalid: 'The two-factor code is wrong',
    too_many_failures: 'Too many failed logins; try again in {{minutes}} minutes',
    account_disabled: 'This account is disabled',
    not_logged_in: 'You have not logged in yet. This operation cannot be performed. Do you want to log in now?',
    session_expired: 'Your session has expired, please log in again',
    forbidden: 'You do not have permission for this operation',
    not_found: 'Not found',
    invalid_parameter: 'The parameter is invalid',
    resource_error: 'Resource error, please contact administrator',
    registration_closed: 'Registration is closed',
    account_taken: 'This account is already registered',
    invitation_code_unknown: 'The invitation code does not exist',
    old_password_wrong: 'The old password is wrong',
    password_decrypt: 'The password could not be decrypted; reload the page and try again',
    body_too_large: 'The request body is too large',
    malformed_json: 'The request body is not valid JSON',
    success: 'Successful operation',
    internal: 'Internal error',
  },
};

type Catalogue = typeof en;

const zhCN: Catalogue = {
  validation: {
    login_err_01: '注册成功，但账号没有可打开的页面，请联系管理员',
    login_err_02: '请输入账号',
    login_err_03: '请输入密码',
    login_err_04: '两次输入的密码不一致',
    login_err_05: '账号和密码不能相同',
    login_account_required: '请输入用户名',
    account_min: '用户名长度必须大于 5 个字符',
    account_max: '用户名最多 32 个字符',
    account_charset: '用户名只能包含字母、数字和 _ . @ -',
    password_min: '密码长度必须大于 6 个字符',
    password_max: '密码最多 64 个字符',
    password_charset: '密码需要英文 + 数字',
    code_max: '邀请码最多 32 个字符',
    code_charset: '邀请码只能包含字母和数字',
    totp_format: '双重验证码为 6 位数字',
    old_password_required: '请输入旧密码',
    new_password_required: '请再次输入新密码',
    passwords_inconsistent: '两次输入的密码不一致，请重新输入',
    share_ratio: '分成比例必须是大于等于 0 的数字',
    name_required: '名称不能为空',
    balance_change: '正数为增加，负数为扣减，不能为 0',
    ip_invalid: 'ip 地址无效，请重新输入',
    ip_required: '请输入要查询的 IP',
    time_required: '请输入要搜索的时间',
    time_range: '日期只能在最近 7 天内（含今天）',
    date_time: "格式应为 'YYYY-MM-DD HH:mm:ss'",
    upload_limit: '文件上传超出限制',
  },
  errors: {
    login_failed: '登录失败',
    bad_credentials: '账号或密码错误',
    totp_required: '请输入双重验证码',
    totp_invalid: '双重验证码错误',
    too_many_failures: '登录失败次数过多，请 {{minutes}} 分钟后再试',
    account_disabled: '该账号已被禁用',
    not_logged_in: '您还没有登录，无法进行此操作，是否现在登录？',
    session_expired: '登录已过期，请重新登录',
    forbidden: '您没有此操作的权限',
    not_found: '未找到',
    invalid_parameter: '参数无效',
    resource_error: '资源错误，请联系管理员',
    registration_closed: '暂未开放注册',
    account_taken: '该账号已被注册',
    invitation_code_unknown: '邀请码不存在',
    old_password_wrong: '旧密码错误',
    password_decrypt: '密码无法解密，请刷新页面后重试',
    body_too_large: '请求内容过大',
    malformed_json: '请求内容不是有效的 JSON',
    success: '操作成功',
    internal: '内部错误',
  },
};

export const sharedMessages: Record<Locale, Catalogue> = { en, 'zh-CN': zhCN };

export function pickLocale(header: string | undefined | null): Locale {
  return header && /^zh/i.test(header.trim()) ? 'zh-CN' : header && /^en/i.test(header.trim()) ? 'en' : DEFAULT_LOCALE;
}

/** Translate a shared key like `validation.login_err_02`; unknown keys come back as they are. */
export function translate(key: string, lang: Locale, vars: Record<string, string | number> = {}): string {
  const [group, name] = key.split('.', 2) as [keyof Catalogue, string];
  const table = sharedMessages[lang][group] as Record<string, string> | undefined;
  const text = table?.[name] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v] ?? ''));
}
