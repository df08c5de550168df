// Improved Initiative's library export (Settings → Export, or a list's export): one JSON object whose
// keys are "<list>.<id>" — "Creatures.<id>" holds a StatBlock, "PersistentCharacters.<id>" a character
// with its StatBlock — beside lists we do not read (Spells, SavedEncounters, the id lists). Older
// versions wrote "ImprovedInitiative.Creatures.<id>" keys whose values are the StatBlock as a JSON
// string; both are read. From a StatBlock: Name, HP.Value, Abilities.Dex, InitiativeModifier (added to
// the Dexterity modifier, as Improved Initiative does) and Player ("player" marks a PC).
import { z } from 'zod';
import { MAX_CREATURE_FILE_ENTRIES, type Creature } from '@roundkeeper/protocol';
import { dnd5eDraft, STAT_BLOCK_SYSTEM } from './dnd5e-block.js';
import { parseJsonFile, readAs } from './json.js';
import { atPath, ImportRefusal, type PathPart } from './problem.js';
import { toCreature, type ImportTarget } from './target.js';

const ENTRY_KEY = /^(?:ImprovedInitiative\.)?(Creatures|PersistentCharacters|PlayerCharacters)\.(.+)$/;

const statBlockSchema = z.object({
  Name: z.string({ error: 'A stat block needs a Name.' }),
  HP: z.object({ Value: z.number({ error: 'Hit points must be a number.' }) }, { error: 'A stat block needs HP.' }).optional(),
  Abilities: z.object({ Dex: z.number({ error: 'Dexterity must be a number.' }).optional() }).optional(),
  InitiativeModifier: z.number({ error: 'The initiative modifier must be a number.' }).nullish(),
  Player: z.string().nullish(),
});
const characterSchema = z.object({ StatBlock: z.unknown() });

const fileSchema = z.record(z.string(), z.unknown(), { error: 'An Improved Initiative export is one JSON object.' });

/** A legacy value is the entry as a JSON string. */
function entryValue(value: unknown, path: readonly PathPart[]): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new ImportRefusal({ ...atPath(path), message: 'This entry is a string that is not valid JSON.' });
  }
}

export function readImprovedInitiative(text: string, target: ImportTarget): Creature[] {
  const file = readAs(fileSchema, parseJsonFile(text), []);
  const entries = Object.entries(file).flatMap(([key, value]) => {
    const list = ENTRY_KEY.exec(key)?.[1];
    return list ? [{ key, list, value }] : [];
  });
  if (entries.length === 0) {
    throw new ImportRefusal({ message: 'No creatures found: an Improved Initiative export has keys such as "Creatures.<id>" or "PersistentCharacters.<id>".' });
  }
  if (entries.length > MAX_CREATURE_FILE_ENTRIES) {
    throw new ImportRefusal({ message: `The file holds ${entries.length} creatures and characters; at most ${MAX_CREATURE_FILE_ENTRIES} can be imported at once.` });
  }
  return entries.map(({ key, list, value }) => {
    let path: PathPart[] = [key];
    let raw = entryValue(value, path);
    const isCharacter = list !== 'Creatures';
    if (list === 'PersistentCharacters') {
      raw = readAs(characterSchema, raw, path).StatBlock;
      path = [...path, 'StatBlock'];
    }
    const block = readAs(statBlockSchema, raw, path);
    const needsDex = target.id === STAT_BLOCK_SYSTEM;
    if (needsDex && block.Abilities?.Dex === undefined) throw new ImportRefusal({ ...atPath([...path, 'Abilities', 'Dex']), message: 'D&D 5e needs Dexterity.' });
    return toCreature(
      target,
      dnd5eDraft(target, {
        name: { value: block.Name, at: atPath([...path, 'Name']) },
        side: isCharacter || block.Player === 'player' ? 'pc' : 'enemy',
        dex: block.Abilities?.Dex === undefined ? undefined : { value: block.Abilities.Dex, at: atPath([...path, 'Abilities', 'Dex']) },
        ...(block.InitiativeModifier !== undefined && block.InitiativeModifier !== null ? { initBonus: { value: block.InitiativeModifier, at: atPath([...path, 'InitiativeModifier']) } } : {}),
        ...(block.HP ? { hp: { value: block.HP.Value, at: atPath([...path, 'HP', 'Value']) } } : {}),
      }),
    );
  });
}
