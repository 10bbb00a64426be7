import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { TargetVerdict, WebhookTargets } from '../../services/alerts/webhook-port.ts';

/**
 * Where webhooks may not go (SSRF): loopback, private, shared (CGNAT), link-local (which
 * holds the clouds' metadata service, 169.254.169.254 and fd00:ec2::254), multicast,
 * reserved and documentation ranges, and IPv6 forms that carry one of those IPv4
 * addresses (mapped, NAT64). Checked on every address a name resolves to, at
 * subscription and again when each delivery connects (DNS can change in between).
 */
function blockedRanges(): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const)
    list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
    ['2001:db8::', 32],
    ['100::', 64],
  ] as const)
    list.addSubnet(net, prefix, 'ipv6');
  return list;
}

const BLOCKED = blockedRanges();

/** the IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::), if any */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const mapped = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return mapped[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = Number.parseInt(hex[1]!, 16);
    const low = Number.parseInt(hex[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return null;
}

/** why an address may not be delivered to; null when it may */
export function addressRefusal(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const inner = family === 6 ? embeddedIpv4(address) : null;
  if (inner !== null) return addressRefusal(inner);
  const blocked = BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
  if (!blocked) return null;
  if (address.startsWith('127.') || address === '::1') return `${address} is a loopback address`;
  if (address.startsWith('169.254.') || address.toLowerCase().startsWith('fe80:'))
    return `${address} is a link-local address (where cloud metadata services answer)`;
  return `${address} is a private or reserved address`;
}

export interface AddressPolicy extends WebhookTargets {
  /** the host's addresses if every one may be delivered to; the refusal otherwise */
  resolve(
    hostname: string,
  ): Promise<{ ok: true; addresses: { address: string; family: number }[] } | { ok: false; reason: string }>;
}

/** `allowPrivate` (ALERTS_ALLOW_PRIVATE_URLS=1): every address allowed, for tests on loopback. */
export function createAddressPolicy(options: {
  allowPrivate: boolean;
  lookup?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}): AddressPolicy {
  const resolveName =
    options.lookup ?? ((hostname: string) => lookup(hostname, { all: true, verbatim: true }));
  async function resolve(hostname: string) {
    const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
    let addresses: { address: string; family: number }[];
    if (isIP(bare) !== 0) addresses = [{ address: bare, family: isIP(bare) }];
    else {
      if (!options.allowPrivate && (bare === 'localhost' || bare.endsWith('.localhost')))
        return { ok: false as const, reason: `${hostname} is the local machine` };
      try {
        addresses = await resolveName(bare);
      } catch {
        return { ok: false as const, reason: `the host ${hostname} does not resolve` };
      }
      if (addresses.length === 0)
        return { ok: false as const, reason: `the host ${hostname} does not resolve` };
    }
    if (!options.allowPrivate) {
      for (const { address } of addresses) {
        const refusal = addressRefusal(address);
        if (refusal !== null)
          return {
            ok: false as const,
            reason: `${hostname === address ? refusal : `${hostname} resolves to ${refusal.replace(/^\S+ is /, `${address}, `)}`}; webhooks are delivered to public addresses only`,
          };
      }
    }
    return { ok: true as const, addresses };
  }
  return {
    resolve,
    async check(url: URL): Promise<TargetVerdict> {
      const verdict = await resolve(url.hostname);
      return verdict.ok ? { ok: true } : verdict;
    },
  };
}
