import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

// Where phones can reach this server. A GM who follows the README opens http://localhost:3000, an
// address no phone can open: the join panel asks here for the laptop's own network addresses (or the
// configured PUBLIC_URL) to show and to put in the QR code.

/** Addresses that mean "every interface" when the server listens on them. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

export const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host === '[::1]' || /^127\./.test(host);

/** Private ranges first (a home or venue LAN), then the rest; link-local (169.254/16) is never offered. */
function rank(address: string): number {
  if (/^192\.168\./.test(address)) return 0;
  if (/^10\./.test(address)) return 1;
  if (/^172\.(1[6-9]|2\d|3[01])\./.test(address)) return 2;
  return 3;
}

/**
 * The origins (`http://192.168.1.20:3000`) of this machine's IPv4 network addresses, for a server that
 * listens on `listenHost`: none when it listens on loopback only, the one address when it listens on one.
 */
export function lanOrigins(
  listenHost: string,
  protocol: string,
  port: number,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  if (isLoopbackHost(listenHost)) return [];
  const origin = (address: string) => `${protocol}://${address}${port === (protocol === 'https' ? 443 : 80) ? '' : `:${port}`}`;
  if (!WILDCARD_HOSTS.has(listenHost)) return [origin(listenHost)];
  const addresses = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((i) => i.family === 'IPv4' && !i.internal && !i.address.startsWith('169.254.'))
    .map((i) => i.address);
  return [...new Set(addresses)].sort((a, b) => rank(a) - rank(b)).map(origin);
}

/** The port the console reached the server on (its Host header), else the one the server listens on. */
export function portOfHost(hostHeader: string | undefined, fallback: number): number {
  const match = hostHeader ? /:(\d+)$/.exec(hostHeader) : null;
  return match ? Number(match[1]) : fallback;
}
