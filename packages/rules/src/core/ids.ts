// [ENG-37] Ids that players and spectators see tell nothing about what is hidden from them.
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { utf8ToBytes } from '@noble/hashes/utils';
import type { EncounterState } from './model.js';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** 12 characters of 5 bits: 60 bits, so two ids of one encounter practically never collide. */
const ID_CHARS = 12;

/**
 * The id of the `n`th thing the encounter makes (its `nextId` counter), with `prefix` saying what it
 * is ('c' combatant, 'g' group, 's' slot, 'k' condition, …). An encounter created with an `idSecret`
 * gets HMAC-SHA-256(idSecret, prefix + n) in base32: deterministic under replay (ids are in the events,
 * and the secret is in the creation event) but, without the secret, unrelated to the counter, so a
 * player cannot tell from `c…` ids how many things were made between two it sees. Logs from before
 * the secret existed keep their sequential ids (`c1`, `s3`), new events in them too.
 */
export function mintId(state: Pick<EncounterState, 'idSecret'>, prefix: string, n: number): string {
  const secret = state.idSecret;
  if (!secret) return `${prefix}${n}`;
  const mac = hmac(sha256, utf8ToBytes(secret), utf8ToBytes(`${prefix}${n}`));
  let out = prefix;
  for (let i = 0; i < ID_CHARS; i += 1) out += ALPHABET[(mac[i] ?? 0) & 31];
  return out;
}
