import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '@roundkeeper/protocol';

/** 128 bits: unguessable, and short enough for a URL or a QR code. */
const TOKEN_BYTES = 16;
/** The dice seed: 128 bits of server randomness, committed to by its hash at creation. */
const SEED_BYTES = 16;
/** Encounter and seat ids are public (they appear in URLs), so they need only be unique. */
const ID_BYTES = 12;

export const newToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

export const newId = (): string => randomBytes(ID_BYTES).toString('base64url');

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** Only hashes are stored; compared in constant time so response timing says nothing about a stored hash. */
export function hashMatches(tokenHash: string, storedHash: string): boolean {
  const a = Buffer.from(tokenHash, 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

/** [ENG-37] The key of an encounter's ids: 128 random bits, hex; never leaves the GM's log and export. */
export const newIdSecret = (): string => randomBytes(16).toString('hex');

export function newSeed(): { readonly seed: string; readonly seedCommitment: string } {
  const seed = randomBytes(SEED_BYTES).toString('hex');
  return { seed, seedCommitment: sha256Hex(seed) };
}
