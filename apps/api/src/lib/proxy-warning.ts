import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Addresses a reverse proxy or load balancer of the deployment would have: loopback, private, link-local. */
const privateNetworks = new BlockList();
for (const [net, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
] as const) {
  privateNetworks.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  privateNetworks.addSubnet(net, prefix, 'ipv6');
}

function isPrivate(address: string): boolean {
  const v4 = address.replace(/^::ffff:/i, '');
  return isIPv4(v4) ? privateNetworks.check(v4, 'ipv4') : privateNetworks.check(address, 'ipv6');
}

/**
 * Without TRUST_PROXY every request counts under the address it came from. Behind a proxy that
 * is the proxy's, for everyone: the sign-in throttle and the rate limits then hold all users
 * back together. The first request that comes through a private address with a forwarding
 * header says so in the log, once.
 */
export function warnOfUntrustedProxy(app: FastifyInstance): void {
  if (app.deps.config.trustProxy) return;
  let warned = false;
  app.addHook('onRequest', async (req) => {
    if (warned || !(req.headers['x-forwarded-for'] || req.headers.forwarded)) return;
    const from = req.socket.remoteAddress ?? '';
    if (!isPrivate(from)) return;
    warned = true;
    req.log.warn(
      { proxy: from },
      'requests arrive through a proxy but TRUST_PROXY is off: every client counts as the proxy address, so ' +
        'sign-in throttling and rate limits hold all users back together (five wrong passwords for one e-mail ' +
        'hold it back for everyone). Set TRUST_PROXY=1 behind a trusted proxy or load balancer.',
    );
  });
}
