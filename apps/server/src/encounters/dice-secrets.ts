/**
 * Fields that would let the holder of a log predict the next server roll: the seed (the creation and
 * end events carry it) and the generator state recorded after each roll. The export and the GM's log
 * both hide them until the encounter has ended.
 */
const DICE_SECRETS: ReadonlySet<string> = new Set(['seed', 'rng', 'idSecret']);

/** A deep copy of `value` with every field named in `keys` replaced by `replacement`. */
export function replaceFields(value: unknown, keys: ReadonlySet<string>, replacement: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => replaceFields(v, keys, replacement));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, keys.has(k) ? replacement : replaceFields(v, keys, replacement)]),
  );
}

/** A deep copy of `value` with the seed and every generator state replaced by null. */
export const withoutDiceSecrets = (value: unknown): unknown => replaceFields(value, DICE_SECRETS, null);
