import type { JoinAddressesResponse } from '@roundkeeper/protocol';

// Which address the join panel shows and puts in the QR code. A console on localhost would otherwise
// tell the phones to open "localhost:3000/play", which on a phone is the phone itself.

export const isLoopbackHostname = (hostname: string): boolean =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' || hostname === '::1' || /^127\./.test(hostname);

export type JoinOrigins =
  /** PUBLIC_URL is set: the one address. */
  | { readonly kind: 'public'; readonly origins: readonly [string] }
  /** The console is on loopback: the laptop's LAN addresses, home networks first (a choice when several). */
  | { readonly kind: 'lan'; readonly origins: readonly [string, ...string[]] }
  /** The console is on loopback and the server knows no other address: phones cannot join as things stand. */
  | { readonly kind: 'loopback-only'; readonly origins: readonly [string] }
  /** The console is on an address phones can use already (a LAN address, a domain), or the answer is not in yet. */
  | { readonly kind: 'page'; readonly origins: readonly [string] };

export function joinOrigins(page: { readonly hostname: string; readonly origin: string }, answer: JoinAddressesResponse | null): JoinOrigins {
  if (answer?.publicUrl) return { kind: 'public', origins: [answer.publicUrl] };
  if (!isLoopbackHostname(page.hostname) || answer === null) return { kind: 'page', origins: [page.origin] };
  const [first, ...rest] = answer.lanOrigins;
  return first === undefined ? { kind: 'loopback-only', origins: [page.origin] } : { kind: 'lan', origins: [first, ...rest] };
}

/** "192.168.1.20:3000" from "http://192.168.1.20:3000": what the GM reads aloud (https is said in full). */
export const spokenOrigin = (origin: string): string => origin.replace(/^http:\/\//, '');
