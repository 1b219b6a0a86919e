import dns from 'node:dns';
import net from 'node:net';
import os from 'node:os';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may send (issue 20, SSRF; decision 039): only to public unicast addresses,
 * never to this instance's own addresses, unless WEBHOOK_ALLOW_PRIVATE. The check runs on the
 * addresses DNS answers, and the connection is made to the address checked (the lookup below
 * is the socket's own), so a name cannot resolve to a public address for the check and to a
 * private one for the connection (DNS rebinding).
 */
export type AddressPolicy = {
  allowPrivate: boolean;
  /** Hosts that are this instance (PUBLIC_URL's): refused even when they resolve to public addresses. */
  ownHosts: readonly string[];
};

export class RefusedAddressError extends Error {
  readonly code = 'WEBHOOK_ADDRESS_REFUSED';
}

/** Why an address may not be reached, or null when it may. */
export function refusalOf(address: string, policy: AddressPolicy): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (policy.allowPrivate) return null;
  const range = parsed.range();
  if (range !== 'unicast') return `${address} is a ${describeRange(range)} address`;
  if (ownAddresses().has(parsed.toNormalizedString())) return `${address} is this server's own address`;
  return null;
}

function describeRange(range: string): string {
  const names: Record<string, string> = {
    private: 'private',
    loopback: 'loopback',
    linkLocal: 'link-local',
    uniqueLocal: 'unique-local',
    multicast: 'multicast',
    unspecified: 'unspecified',
    broadcast: 'broadcast',
    carrierGradeNat: 'carrier-grade NAT',
  };
  return names[range] ?? `reserved (${range})`;
}

/** This machine's interface addresses (the instance itself on a public address). */
function ownAddresses(): Set<string> {
  const found = new Set<string>();
  for (const list of Object.values(os.networkInterfaces())) {
    for (const entry of list ?? []) {
      if (ipaddr.isValid(entry.address)) found.add(ipaddr.parse(entry.address).toNormalizedString());
    }
  }
  return found;
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * What can be said about a URL without DNS (at creation and on every change): a literal
 * address that may not be reached, or this instance's own host. Names are checked at delivery.
 */
export function refusalOfUrl(url: URL, policy: AddressPolicy): string | null {
  const host = hostOf(url).toLowerCase();
  if (!policy.allowPrivate && policy.ownHosts.includes(host)) return `${host} is this Tasklane instance`;
  if (net.isIP(host) || ipaddr.isValid(host)) return refusalOf(host, policy);
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request: resolves the name, refuses it when any address it resolves to
 * may not be reached (a name with one private address is refused whole), and hands the socket
 * the first allowed address, which is then the one it connects to.
 */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as dns.LookupAddress[];
      for (const entry of list) {
        const refusal = refusalOf(entry.address, policy);
        if (refusal) return callback(new RefusedAddressError(`Refused: ${hostname} resolves to ${refusal.replace(/^\S+ is /, 'an address that is ')}`), '');
      }
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      if (options.all) return callback(null, [first]);
      callback(null, first.address, first.family);
    });
  };
}
