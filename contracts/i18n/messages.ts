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
    message_title_required: 'Please enter the message title',
    message_content_required: 'Please enter the message content',
    message_recipient: 'choose one user (user_id) or all users (all: true)',
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
    file_name_charset: 'the code must be 4-32 letters, digits, _ or -',
    share_password: 'the share password must be 4-32 letters and digits',
    url_invalid: 'enter a web address starting with http:// or https://',
    one_of: 'must be one of {{values}}',
    usdt_address: 'enter a TRON USDT address: T and 33 more letters or digits',
    batch_max: 'at most 500 items per batch',
    children_required: 'add at least one target URL',
    share_query: 'page error, contact the administrator',
    ids_or_domain: 'give either the QR codes or the domain to move from, not both',
    nothing_to_change: 'choose at least one setting to change',
    id_required: 'give an id or a code',
    domain_invalid: 'enter a valid domain name such as example.com',
    short_code_charset: 'the short code must be 4-16 letters and digits',
    key_required: 'please enter the query key',
    file_name_required: 'please enter the code to query',
    ip_list_max: 'at most 200 IPs per search',
    start_time_format: "the start time must be 'YYYY-MM-DD 00:00:00'",
    end_time_format: "the end time must be 'YYYY-MM-DD 23:59:59'",
    time_order: 'the start date is after the end date',
    days_range: 'days must be a whole number from 0 to 3650',
    ip_or_cidr: 'enter an IPv4 address (1.2.3.4) or a CIDR range (1.2.3.0/24)',
    cursor: 'the export cursor is invalid',
    date: "expected a date 'YYYY-MM-DD'",
    range_max: 'the date range is too long',
    amount_format: 'enter an amount such as 12.5',
    amount_decimals: 'an amount has at most 6 decimal places',
    amount_max: 'an amount is at most 1,000,000,000',
    remark_required: 'please enter a remark',
    title_required: 'title may not be empty',
  },
  errors: {
    login_failed: 'Login failed',
    bad_credentials: 'Wrong account or password',
    totp_required: 'Enter the two-factor code',
    totp_invalid: 'The two-factor code is wrong',
    totp_reused: 'This two-factor code has been used already; wait for the next one',
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
    unknown_field: 'unknown field: {{fields}}',
    domain_taken: 'This domain is already registered',
    domain_limit: 'You have reached the number of domains you may add',
    domain_held: 'This domain is on hold and cannot take new QR codes',
    file_name_taken: 'This code is already in use',
    short_code_taken: 'This short code is already in use',
    name_taken: 'This name is already in use',
    value_taken: 'This value is already in use',
    share_not_found: 'page error, contact the administrator',
    not_in_recycle_bin: 'Only QR codes in the recycle bin can be permanently removed',
    last_child: 'A QR code needs at least one target URL',
    children_max: 'A QR code holds at most 50 target URLs',
    forward_exists: 'This domain already has a forwarding rule',
    shield_admin_only: 'Only administrators may set the shield status',
    realtime_login_refused: 'The real-time connection refused this session; please log in again',
    user_not_found: 'The user does not exist',
    message_sent: 'Message sent; recipients: {{count}}',
    balance_insufficient: 'The balance of {{account}} is {{balance}}; changing it by {{amount}} would make it negative',
    balance_too_large: 'The balance of {{account}} is {{balance}}; changing it by {{amount}} would pass 1,000,000,000',
    upload_multipart: 'Send the file as multipart/form-data in the field "file"',
    upload_no_file: 'Choose a file to upload',
    upload_one_file: 'Upload one file at a time',
    upload_empty: 'The file is empty',
    upload_file_name: 'The file name may not contain a path',
    upload_type: 'Only PNG, JPEG, WebP and GIF images may be uploaded',
    control_refused: 'The control API answers this machine only, or a caller sending the control token',
    export_not_list: 'not a list that can be exported',
    job_not_found: 'No such finished export of yours',
    category_parent_unknown: 'the parent category does not exist',
    category_cycle: 'a category cannot move under itself or one of its subcategories',
    category_has_children: 'This category still has subcategories; move or remove them first',
  },
};

type Catalogue = typeof en;

const zhCN: Catalogue = {
  validation: {
    login_err_01: '注册成功，但账号没有可打开的页面，请联系管理员',
    message_title_required: '请输入消息标题',
    message_content_required: '请输入消息内容',
    message_recipient: '请选择一个用户（user_id）或全部用户（all: true）',
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
    file_name_charset: '编码须为 4-32 位字母、数字、_ 或 -',
    share_password: '分享密码须为 4-32 位字母和数字',
    url_invalid: '请输入以 http:// 或 https:// 开头的网址',
    one_of: '必须是 {{values}} 之一',
    usdt_address: '请输入 TRON USDT 地址：以 T 开头，共 34 位字母或数字',
    batch_max: '每批最多 500 项',
    children_required: '请至少添加一个跳转地址',
    share_query: '页面错误，请联系管理员',
    ids_or_domain: '请指定二维码或原域名之一，不能同时指定',
    nothing_to_change: '请至少选择一项要修改的设置',
    id_required: '请提供 id 或编码',
    domain_invalid: '请输入有效的域名，例如 example.com',
    short_code_charset: '短码须为 4-16 位字母和数字',
    key_required: '请输入查询密钥',
    file_name_required: '请输入要查询的编码',
    ip_list_max: '每次最多查询 200 个 IP',
    start_time_format: "开始时间格式应为 'YYYY-MM-DD 00:00:00'",
    end_time_format: "结束时间格式应为 'YYYY-MM-DD 23:59:59'",
    time_order: '开始日期晚于结束日期',
    days_range: '天数必须是 0 到 3650 的整数',
    ip_or_cidr: '请输入 IPv4 地址（1.2.3.4）或 CIDR 网段（1.2.3.0/24）',
    cursor: '导出游标无效',
    date: "日期格式应为 'YYYY-MM-DD'",
    range_max: '日期范围过长',
    amount_format: '请输入金额，例如 12.5',
    amount_decimals: '金额最多 6 位小数',
    amount_max: '金额最多为 1,000,000,000',
    remark_required: '请输入备注',
    title_required: '标题不能为空',
  },
  errors: {
    login_failed: '登录失败',
    bad_credentials: '账号或密码错误',
    totp_required: '请输入双重验证码',
    totp_invalid: '双重验证码错误',
    totp_reused: '该双重验证码已使用过，请等待下一个验证码',
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
    unknown_field: '未知字段：{{fields}}',
    domain_taken: '该域名已被添加',
    domain_limit: '您可添加的域名数量已达上限',
    domain_held: '该域名处于保留状态，不能用于新的二维码',
    file_name_taken: '该编码已被使用',
    short_code_taken: '该短码已被使用',
    name_taken: '该名称已被使用',
    value_taken: '该值已被使用',
    share_not_found: '页面错误，请联系管理员',
    not_in_recycle_bin: '只有回收站中的二维码才能永久删除',
    last_child: '二维码至少需要一个跳转地址',
    children_max: '二维码最多 50 个跳转地址',
    forward_exists: '该域名已有转发规则',
    shield_admin_only: '只有管理员可以设置封禁状态',
    realtime_login_refused: '实时连接拒绝了此会话，请重新登录',
    user_not_found: '用户不存在',
    message_sent: '消息已发送给 {{count}} 个用户',
    balance_insufficient: '{{account}} 的余额为 {{balance}}，变动 {{amount}} 后将为负数',
    balance_too_large: '{{account}} 的余额为 {{balance}}，变动 {{amount}} 后将超过 1,000,000,000',
    upload_multipart: '请以 multipart/form-data 在 "file" 字段中上传文件',
    upload_no_file: '请选择要上传的文件',
    upload_one_file: '每次只能上传一个文件',
    upload_empty: '文件为空',
    upload_file_name: '文件名不能包含路径',
    upload_type: '只能上传 PNG、JPEG、WebP 和 GIF 图片',
    control_refused: '控制接口只接受本机调用，或携带控制令牌的调用',
    export_not_list: '这不是可以导出的列表',
    job_not_found: '没有您的这个已完成导出',
    category_parent_unknown: '上级分类不存在',
    category_cycle: '分类不能移动到自身或其下级分类之下',
    category_has_children: '该分类下还有子分类，请先移走或删除子分类',
  },
};

export const sharedMessages: Record<Locale, Catalogue> = { en, 'zh-CN': zhCN };

/** The locale a language tag's primary subtag names (`zh-TW` → zh-CN, `en-GB` → en), or none. */
const localeOfTag = (tag: string): Locale | undefined =>
  /^zh(-|$)/i.test(tag) ? 'zh-CN' : /^en(-|$)/i.test(tag) ? 'en' : undefined;

/**
 * `Accept-Language` negotiation (RFC 9110 §12.5.4): the supported locale with the highest quality wins, ties
 * keep header order, `q=0` refuses; `*` or nothing supported gives the default (zh-CN).
 * `fr, en;q=0.8` → en; `en;q=0.5, zh;q=0.9` → zh-CN.
 */
export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.slice(0, 512).split(',')) {
    const [tag = '', ...params] = part.split(';').map((s) => s.trim());
    const qParam = params.find((p) => /^q=/i.test(p));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    const locale = tag === '*' ? DEFAULT_LOCALE : localeOfTag(tag);
    if (locale && (!best || q > best.q)) best = { locale, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}

/** Values a message key of a zod issue interpolates: the allowed codes of an enum (`validation.one_of`). */
export function issueVars(issue: { code: string; values?: readonly unknown[] }): Record<string, string> | undefined {
  return issue.code === 'invalid_value' && issue.values ? { values: issue.values.map(String).join(', ') } : undefined;
}

/** Translate a shared key like `validation.login_err_02`; unknown keys come back as they are. */
export function translate(key: string, lang: Locale, vars: Record<string, string | number> = {}): string {
  const [group, name] = key.split('.', 2) as [keyof Catalogue, string];
  const table = sharedMessages[lang][group] as Record<string, string> | undefined;
  const text = table?.[name] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v] ?? ''));
}
