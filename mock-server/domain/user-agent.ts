import { UAParser } from 'ua-parser-js';

export interface DeviceInfo {
  readonly model: string;
  readonly os: string;
  readonly browser: string;
  readonly wechat: string;
  /** `latest_source` of §3: model;OS version;browser version[;WeChat version] with empty parts left out. */
  readonly source: string;
}

const join = (...parts: (string | undefined)[]) => parts.filter((p) => p && p.trim()).join(' ');

/** Device information parsed from a user agent (ua-parser-js 1.x, MIT); WeChat's version from MicroMessenger/x. */
export function parseUserAgent(userAgent: string): DeviceInfo {
  const r = new UAParser(userAgent.slice(0, 1024)).getResult();
  const model = r.device.model ?? (r.device.vendor ?? '');
  const os = join(r.os.name, r.os.version);
  const wechatVersion = /MicroMessenger\/([\d.]+)/i.exec(userAgent)?.[1];
  const wechat = wechatVersion ? `WeChat ${wechatVersion}` : '';
  const browser = wechat && /wechat/i.test(r.browser.name ?? '') ? '' : join(r.browser.name, r.browser.version);
  const source = [model, os, browser, wechat].filter(Boolean).join(';');
  return { model, os, browser, wechat, source };
}
