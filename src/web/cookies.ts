/** The value of one cookie from a Cookie header (RFC 6265 §5.4), or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}

/**
 * A Set-Cookie value: always HttpOnly, SameSite=Lax and Path=/; Secure when the service is on https (then the name
 * carries the `__Host-` prefix, which browsers only accept with Secure, Path=/ and no Domain).
 */
export function setCookie(name: string, value: string, options: { secure: boolean; maxAgeSeconds?: number }): string {
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (options.secure) parts.push('Secure');
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  return parts.join('; ');
}
