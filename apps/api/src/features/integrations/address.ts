import { lookup as dnsLookup, promises as dns, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Only addresses on the public internet: not private, loopback, link-local, multicast, reserved … */
function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address); // an IPv4-mapped IPv6 address as the IPv4 one
  return parsed.range() === 'unicast';
}

/**
 * Whether a webhook URL's host is (by its literal address or every address its name resolves
 * to now) on the public internet. A name that does not resolve yet passes: delivery checks again.
 */
export async function reachesPublicOnly(url: string): Promise<boolean> {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(host)) return isPublicAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  const found = await dns.lookup(host, { all: true }).catch(() => []);
  return found.every((a) => isPublicAddress(a.address));
}

/**
 * A DNS lookup for the HTTP client that refuses a private address, so a name that resolves
 * elsewhere at delivery time than when the endpoint was made cannot reach the portal's network.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '');
    if (addresses.some((a) => !isPublicAddress(a.address))) {
      return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }), '');
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
