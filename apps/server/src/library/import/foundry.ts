// Foundry VTT actors of the dnd5e system, as "Export Data" writes them: one actor per file (a list of
// actors is read too). Read: name; type ("character" is a PC; "npc" is an enemy, or an NPC when its
// prototype token's disposition is neutral or friendly); system.abilities.dex.value;
// system.attributes.hp.max, or hp.value where max is left to Foundry to compute (characters since
// dnd5e 3); system.attributes.init.bonus when it is a plain number (a formula such as "@prof" is named
// in the note instead). Exports from Foundry 9 and older keep the same fields under `data`.
import { z } from 'zod';
import { MAX_CREATURE_FILE_ENTRIES, type Creature } from '@roundkeeper/protocol';
import type { Side } from '@roundkeeper/rules/core';
import { dnd5eDraft, STAT_BLOCK_SYSTEM } from './dnd5e-block.js';
import { parseJsonFile, readAs } from './json.js';
import { atPath, ImportRefusal, type PathPart } from './problem.js';
import { toCreature, type ImportTarget } from './target.js';

/** Foundry's token dispositions: secret -2, hostile -1, neutral 0, friendly 1. */
const NEUTRAL = 0;

const numberish = z.number().nullish();
const systemSchema = z.object({
  abilities: z.object({ dex: z.object({ value: numberish }).optional() }).optional(),
  attributes: z
    .object({
      hp: z.object({ value: numberish, max: numberish }).optional(),
      init: z.object({ bonus: z.union([z.string(), z.number()]).nullish() }).optional(),
    })
    .optional(),
});

const actorSchema = z.object({
  name: z.string({ error: 'An actor needs a name.' }),
  type: z.enum(['character', 'npc'], { error: 'Roundkeeper imports actors of type "character" or "npc".' }),
  system: systemSchema.optional(),
  data: systemSchema.optional(),
  prototypeToken: z.object({ disposition: z.number().optional() }).optional(),
  token: z.object({ disposition: z.number().optional() }).optional(),
});

const WHOLE = /^[+-]?\d+$/;

function readActor(raw: unknown, path: PathPart[], target: ImportTarget): Creature {
  const actor = readAs(actorSchema, raw, path);
  const systemKey = actor.system ? 'system' : 'data';
  const data = actor.system ?? actor.data;
  const at = (...rest: PathPart[]) => atPath([...path, systemKey, ...rest]);
  const dex = data?.abilities?.dex?.value;
  if (target.id === STAT_BLOCK_SYSTEM && (dex === undefined || dex === null)) {
    throw new ImportRefusal({ ...at('abilities', 'dex', 'value'), message: 'D&D 5e needs Dexterity.' });
  }
  const hp = data?.attributes?.hp;
  const hpField = hp?.max ? 'max' : 'value';
  const hpValue = hp?.max || hp?.value;
  const bonus = data?.attributes?.init?.bonus;
  const bonusText = bonus === undefined || bonus === null ? '' : String(bonus).trim();
  const disposition = actor.prototypeToken?.disposition ?? actor.token?.disposition;
  const side: Side = actor.type === 'character' ? 'pc' : disposition !== undefined && disposition >= NEUTRAL ? 'npc' : 'enemy';
  return toCreature(
    target,
    dnd5eDraft(target, {
      name: { value: actor.name, at: atPath([...path, 'name']) },
      side,
      dex: dex === undefined || dex === null ? undefined : { value: dex, at: at('abilities', 'dex', 'value') },
      ...(WHOLE.test(bonusText) ? { initBonus: { value: Number(bonusText), at: at('attributes', 'init', 'bonus') } } : {}),
      ...(hpValue ? { hp: { value: hpValue, at: at('attributes', 'hp', hpField) } } : {}),
      ...(bonusText !== '' && !WHOLE.test(bonusText) && target.id === STAT_BLOCK_SYSTEM
        ? { note: { value: `Foundry initiative bonus "${bonusText}" is a formula and was not read: set the initiative bonus by hand.`, at: at('attributes', 'init', 'bonus') } }
        : {}),
    }),
  );
}

export function readFoundry(text: string, target: ImportTarget): Creature[] {
  const file = parseJsonFile(text);
  if (!Array.isArray(file)) return [readActor(file, [], target)];
  if (file.length > MAX_CREATURE_FILE_ENTRIES) {
    throw new ImportRefusal({ message: `The file holds ${file.length} actors; at most ${MAX_CREATURE_FILE_ENTRIES} can be imported at once.` });
  }
  return file.map((actor, i) => readActor(actor, [i], target));
}
