import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which addresses the service's outbound requests may go to (server-side request forgery: never special-use
 * addresses, RFC 6890 and the IANA special-purpose registries): Client ID Metadata Documents
 * (draft-ietf-oauth-client-id-metadata-document §"Server Side Request Forgery (SSRF) Attacks") and webhook
 * deliveries. `public` is allowed; `loopback` only where the configuration allows it (development and tests:
 * OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK, WEBHOOK_ALLOW_LOOPBACK); anything else never. The kind names what the address
 * is, for the refusal message.
 */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'shared (carrier-grade NAT)'
  | 'multicast'
  | 'unspecified'
  | 'cloud metadata'
  | 'documentation'
  | 'reserved';

interface Range {
  family: 4 | 6;
  base: bigint;
  prefix: number;
  kind: Exclude<AddressKind, 'public'>;
}

function range(cidr: string, kind: Range['kind']): Range {
  const [address, prefix] = cidr.split('/') as [string, string];
  const family = isIPv4(address) ? 4 : 6;
  return { family, base: toBigInt(address, family), prefix: Number(prefix), kind };
}

/** IPv4 special-use blocks (RFC 6890, IANA IPv4 Special-Purpose Address Registry), plus platform metadata endpoints. */
const IPV4: Range[] = [
  range('169.254.169.254/32', 'cloud metadata'), // AWS, GCP, Azure, DigitalOcean, … instance metadata
  range('100.100.100.200/32', 'cloud metadata'), // Alibaba Cloud
  range('192.0.0.192/32', 'cloud metadata'), // Oracle Cloud
  range('168.63.129.16/32', 'cloud metadata'), // Azure's platform endpoint: public-looking, reachable only inside Azure
  range('0.0.0.0/8', 'unspecified'),
  range('10.0.0.0/8', 'private'),
  range('100.64.0.0/10', 'shared (carrier-grade NAT)'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link-local'),
  range('172.16.0.0/12', 'private'),
  range('192.0.0.0/24', 'reserved'), // IETF protocol assignments
  range('192.0.2.0/24', 'documentation'),
  range('192.88.99.0/24', 'reserved'), // 6to4 relay anycast (deprecated)
  range('192.168.0.0/16', 'private'),
  range('198.18.0.0/15', 'reserved'), // benchmarking
  range('198.51.100.0/24', 'documentation'),
  range('203.0.113.0/24', 'documentation'),
  range('224.0.0.0/4', 'multicast'),
  range('240.0.0.0/4', 'reserved'), // and 255.255.255.255, broadcast
];

/** IPv6 blocks refused inside global unicast (2000::/3); everything outside it is refused too. */
const IPV6: Range[] = [
  range('2001::/23', 'reserved'), // IETF protocol assignments: Teredo, benchmarking, ORCHID, …
  range('2001:db8::/32', 'documentation'),
  range('2002::/16', 'reserved'), // 6to4
  range('3fff::/20', 'documentation'),
];
const IPV6_OUTSIDE_GLOBAL: Range[] = [
  range('fd00:ec2::254/128', 'cloud metadata'), // AWS instance metadata over IPv6
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('fc00::/7', 'unique-local'),
  range('fe80::/10', 'link-local'),
  range('fec0::/10', 'link-local'), // site-local, deprecated
  range('ff00::/8', 'multicast'),
];
const GLOBAL_UNICAST = range('2000::/3', 'reserved');
/** IPv6 forms that carry an IPv4 address in their last 32 bits: judged by that address. */
const IPV4_MAPPED = range('::ffff:0:0/96', 'reserved');
const NAT64 = range('64:ff9b::/96', 'reserved');

function toBigInt(address: string, family: 4 | 6): bigint {
  if (family === 4) return address.split('.').reduce((n, octet) => (n << 8n) | BigInt(Number(octet)), 0n);
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  // A trailing dotted quad (::ffff:127.0.0.1) is two hextets.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const v4 = toBigInt(quad[1]!, 4);
    text = `${text.slice(0, quad.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const headParts = head === '' ? [] : head.split(':');
  const tailParts = tail === undefined || tail === '' ? [] : tail.split(':');
  const parts = tail === undefined ? headParts : [...headParts, ...Array(8 - headParts.length - tailParts.length).fill('0'), ...tailParts];
  return parts.reduce((n, part) => (n << 16n) | BigInt(Number.parseInt(part, 16)), 0n);
}

function inRange(value: bigint, r: Range): boolean {
  const bits = BigInt((r.family === 4 ? 32 : 128) - r.prefix);
  return value >> bits === r.base >> bits;
}

function kindOfIPv4(value: bigint): AddressKind {
  return IPV4.find((r) => inRange(value, r))?.kind ?? 'public';
}

/** What an IP address (as DNS answers it, or an IP literal without brackets) is. Not an IP address: `reserved`. */
export function addressKind(address: string): AddressKind {
  if (isIPv4(address)) return kindOfIPv4(toBigInt(address, 4));
  if (!isIPv6(address)) return 'reserved';
  const value = toBigInt(address, 6);
  if (inRange(value, IPV4_MAPPED) || inRange(value, NAT64)) return kindOfIPv4(value & 0xffffffffn);
  const outside = IPV6_OUTSIDE_GLOBAL.find((r) => inRange(value, r));
  if (outside) return outside.kind;
  if (!inRange(value, GLOBAL_UNICAST)) return 'reserved';
  return IPV6.find((r) => inRange(value, r))?.kind ?? 'public';
}

/** Whether a document may be fetched from this address. */
export function mayFetchFrom(address: string, options: { allowLoopback: boolean }): boolean {
  const kind = addressKind(address);
  return kind === 'public' || (kind === 'loopback' && options.allowLoopback);
}
