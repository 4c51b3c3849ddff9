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

/** Device classes of the statistics counters (user_agents.device): 0 other, 1 mobile, 2 tablet, 3 pc. */
export const DEVICE = { other: 0, mobile: 1, tablet: 2, pc: 3 } as const;
export type DeviceClass = (typeof DEVICE)[keyof typeof DEVICE];

const DESKTOP_OS = /^(windows|mac os|macos|linux|ubuntu|debian|fedora|chromium os|chrome os|freebsd)/i;

/** The parser's device type; no type on a desktop system means a PC (ua-parser-js leaves desktops untyped). */
export function deviceClass(userAgent: string): DeviceClass {
  const r = new UAParser(userAgent.slice(0, 1024)).getResult();
  if (r.device.type === 'mobile') return DEVICE.mobile;
  if (r.device.type === 'tablet') return DEVICE.tablet;
  if (!r.device.type && DESKTOP_OS.test(r.os.name ?? '')) return DEVICE.pc;
  return DEVICE.other;
}
