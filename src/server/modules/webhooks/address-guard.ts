import dns from 'node:dns';
import net from 'node:net';

/** Every address a name resolves to (all families), as `dns.lookup(name, { all: true })` gives them. */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * Addresses a webhook may never reach: the server's own networks and the cloud's metadata
 * service. Node's BlockList also matches the IPv4-mapped IPv6 form (::ffff:10.0.0.1) of an IPv4 rule.
 */
const internal = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local, 169.254.169.254 the metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  internal.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['::', 96], // IPv4-compatible (deprecated) forms
  ['64:ff9b::', 96], // NAT64: reaches any IPv4 address, internal ones too
  ['fc00::', 7], // unique local, fd00:ec2::254 the metadata service
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  internal.addSubnet(prefix, bits, 'ipv6');

export type AddressKind = 'public' | 'loopback' | 'internal';

/** What an IP address is, for the webhook guard. */
export function addressKind(address: string): AddressKind {
  const family = net.isIP(address);
  if (family === 0) return 'internal';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const mapped = type === 'ipv6' ? mappedIpv4(address) : null;
  if (mapped) return addressKind(mapped);
  if (loopback.check(address, type)) return 'loopback';
  if (internal.check(address, type)) return 'internal';
  return 'public';
}

/** The IPv4 address inside ::ffff:a.b.c.d or ::ffff:xxxx:xxxx, else null. */
function mappedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

export type GuardRefusal = 'invalid' | 'http' | 'credentials' | 'unresolvable' | 'forbidden';

export type GuardResult =
  { ok: true; url: URL; address: string; family: number } | { ok: false; refusal: GuardRefusal };

/**
 * Checks a webhook URL before it is saved and again before each delivery (a name may resolve
 * elsewhere later): https to public addresses only; loopback (and http, to loopback only) when an
 * admin allows it. Every address of the name must pass, and the connection then goes to the one
 * returned here, so a second resolution cannot swap in another.
 */
export async function checkWebhookUrl(
  raw: string,
  opts: { allowLoopback: boolean; resolve: Resolver },
): Promise<GuardResult> {
  if (!URL.canParse(raw)) return { ok: false, refusal: 'invalid' };
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, refusal: 'invalid' };
  if (url.username || url.password) return { ok: false, refusal: 'credentials' };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await opts.resolve(host);
    } catch {
      return { ok: false, refusal: 'unresolvable' };
    }
    if (addresses.length === 0) return { ok: false, refusal: 'unresolvable' };
  }
  const kinds = addresses.map((a) => addressKind(a.address));
  if (kinds.includes('internal')) return { ok: false, refusal: 'forbidden' };
  if (kinds.includes('loopback')) {
    if (!opts.allowLoopback || kinds.some((k) => k !== 'loopback'))
      return { ok: false, refusal: 'forbidden' };
  } else if (url.protocol === 'http:') return { ok: false, refusal: 'http' };
  return { ok: true, url, address: addresses[0]!.address, family: addresses[0]!.family };
}
