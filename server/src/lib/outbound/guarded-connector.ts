import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type Socket } from 'node:net';
import { buildConnector } from 'undici';
import { checkAddress, type AddressPolicy } from './address-policy';
import { OutboundError } from './outbound-error';

/** node:dns's lookup signature with `all: true`, which net.connect calls (tests pass a resolver of their own). */
export type LookupAll = (hostname: string, options: LookupOptions & { all: true }, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net.connect that resolves every address of a name and refuses the name when any of them is not
 * allowed (so a name cannot mix a public and a private record and hope for the private one). It runs when the socket
 * connects: the address checked is the address connected to, whatever an earlier look-up said (DNS rebinding).
 */
export function guardedLookup(policy: AddressPolicy, resolve: LookupAll = dnsLookup as unknown as LookupAll) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      for (const { address } of addresses) {
        const verdict = checkAddress(address, policy);
        if (!verdict.allowed) {
          return callback(new OutboundError('address', `${hostname} resolves to ${verdict.reason}, which this server does not send to`) as NodeJS.ErrnoException, []);
        }
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

type Connector = ReturnType<typeof buildConnector>;

/**
 * undici's connector with the address checks: a literal IP host is judged before connecting (net.connect does not
 * look literals up), a name through `guardedLookup`, and the socket's remote address once more after connecting.
 */
export function guardedConnector(options: { policy: AddressPolicy; connectTimeoutMs: number; lookup?: LookupAll }): Connector {
  const connect = buildConnector({ timeout: options.connectTimeoutMs, lookup: guardedLookup(options.policy, options.lookup) } as buildConnector.BuildOptions);
  return (connectOptions, callback) => {
    const host = connectOptions.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host)) {
      const verdict = checkAddress(host, options.policy);
      if (!verdict.allowed) return callback(new OutboundError('address', `connecting to ${verdict.reason} is not allowed on this server`), null);
    }
    connect(connectOptions, (error, socket) => {
      if (error || !socket) return callback(error ?? new OutboundError('connect', 'no connection'), null);
      const remote = (socket as Socket).remoteAddress;
      const verdict = remote ? checkAddress(remote, options.policy) : null;
      if (!verdict || !verdict.allowed) {
        socket.destroy();
        return callback(new OutboundError('address', `connected to ${verdict && !verdict.allowed ? verdict.reason : 'an unknown address'}, which this server does not send to`), null);
      }
      callback(null, socket);
    });
  };
}
