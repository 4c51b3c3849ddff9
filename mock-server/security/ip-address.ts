import { hexOf, networkOf, parseIp } from '../../contracts/index.ts';

/**
 * The source range the throttle counts by: an IPv4 /24, an IPv6 /64 (what one household, office or cloud
 * host commonly holds). Unreadable input is one range of its own.
 */
export function sourceRangeOf(reqIp: string | undefined): string {
  const ip = parseIp(reqIp ?? '');
  if (!ip) return 'unknown';
  return ip.version === 4 ? `${hexOf(networkOf(ip.bytes, 120))}/120` : `${hexOf(networkOf(ip.bytes, 64))}/64`;
}
