/** Loopback addresses start after the 127.0.x.x block the tests and the server itself use. */
const FIRST_SOURCE_BLOCK = 1;
const OCTET = 256;

/**
 * The loopback source address table `index` joins from (127.1.0.0, 127.1.0.1, …). Linux routes all of
 * 127.0.0.0/8 to the loopback interface, so every request still goes to 127.0.0.1; only the sender differs,
 * as it would for tables joining from their own homes.
 */
export function sourceAddressOf(index: number): string {
  const high = FIRST_SOURCE_BLOCK + Math.floor(index / (OCTET * OCTET));
  return `127.${high}.${Math.floor(index / OCTET) % OCTET}.${index % OCTET}`;
}
