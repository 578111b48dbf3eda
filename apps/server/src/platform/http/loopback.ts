/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(ip: string): boolean {
  return /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip) || ip === '::1';
}
