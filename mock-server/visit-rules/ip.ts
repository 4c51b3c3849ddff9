import { isIpv4 } from '../../contracts/index.ts';

/** IPv4 text → unsigned 32-bit integer (how access records store it). Throws on anything else. */
export function ipToInt(ip: string): number {
  if (!isIpv4(ip)) throw new Error(`not an IPv4 address: ${ip}`);
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

export function intToIp(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/**
 * The visitor's IPv4 as Express saw it (`trust proxy` is loopback only, so X-Forwarded-For counts only when the
 * request came from 127.0.0.1, as the simulator's do). IPv4-mapped IPv6 is unwrapped; ::1 is 127.0.0.1; any other
 * IPv6 address is stored as 0.0.0.0 (the mock's IP-range table is IPv4).
 */
export function visitorIpv4(reqIp: string | undefined): string {
  const ip = (reqIp ?? '').replace(/^::ffff:/i, '');
  if (isIpv4(ip)) return ip;
  if (ip === '::1') return '127.0.0.1';
  return '0.0.0.0';
}

/** [first, last] addresses of a CIDR block as unsigned integers. */
export function cidrRange(cidr: string): [number, number] {
  const [ip, bits] = cidr.split('/') as [string, string];
  const size = 2 ** (32 - Number(bits));
  const start = ipToInt(ip) - (ipToInt(ip) % size);
  return [start, start + size - 1];
}
