// TRUST_PROXY, read once (parseTrustProxy), and whether a request's connection comes from a proxy hop the operator
// trusts: only then are the headers that hop sets (a CDN's country, a region) believed. A client that reaches the
// server directly could write any.
import { BlockList, isIP } from 'node:net';
import { StartupError } from '../lib/startup-error.ts';

/** false: no proxy; a number of proxy hops; or the proxies' addresses and CIDRs (see parseTrustProxy). */
export type TrustProxy = false | number | string[];

/** The ranges proxy-addr (Fastify's trustProxy) names. */
const NAMED_RANGES: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** The connection's peer is one of the configured proxies (a hop count trusts the peer: clients cannot reach us directly). */
export function trustedHop(trust: TrustProxy): (peer: string | undefined) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return () => trust > 0;
  const list = new BlockList();
  for (const entry of trust) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [net, bits, family] of named) list.addSubnet(net, bits, family);
      continue;
    }
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (peer) => {
    if (!peer) return false;
    const address = peer.startsWith('::ffff:') && isIP(peer.slice(7)) === 4 ? peer.slice(7) : peer;
    const family = isIP(address) === 6 ? 'ipv6' : isIP(address) === 4 ? 'ipv4' : undefined;
    return family !== undefined && list.check(address, family);
  };
}

/** An IPv4/IPv6 address, optionally with a prefix length that fits it. */
function isAddressOrCidr(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset/false/0: X-Forwarded-* are ignored; a number: that many proxies in front (the client is the
 * address that many hops from the right of X-Forwarded-For, counting the connection); a list: the proxies' addresses
 * or CIDRs (the client is the first address from the right that is not one of them). `true` would believe the
 * left-most address, which the client writes itself, so it is refused.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === '' || v === 'false' || v === 'no' || v === '0') return false;
  if (v === 'true' || v === 'yes') {
    throw new StartupError(
      'Invalid configuration: TRUST_PROXY=true would believe any address a client writes in X-Forwarded-For, so every ' +
        'per-address limit could be dodged. Set how many proxies are in front of the server (TRUST_PROXY=1 behind one ' +
        'nginx) or their addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8).',
    );
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new StartupError(`Invalid configuration: TRUST_PROXY=${v}: at most 10 proxy hops`);
    return hops;
  }
  const entries = v.split(',').map((x) => x.trim());
  for (const entry of entries) {
    if (!Object.hasOwn(NAMED_RANGES, entry) && !isAddressOrCidr(entry)) {
      throw new StartupError(
        `Invalid configuration: TRUST_PROXY: "${entry}" is not a number of proxies, an IP address, a CIDR range ` +
          '(10.0.0.0/8) or one of loopback, linklocal, uniquelocal',
      );
    }
  }
  return entries;
}
