// Improved Initiative's library export (Settings → Export, or a list's export): one JSON object whose
// keys are "<list>.<id>" — "Creatures.<id>" holds a StatBlock, "PersistentCharacters.<id>" a character
// with its StatBlock, "SavedEncounters.<id>" an encounter with its combatants — beside lists we do not
// read (Spells, the id lists, settings). Older versions wrote "ImprovedInitiative.<list>.<id>" keys
// whose values are the entry as a JSON string; both are read. From a StatBlock: Name, HP.Value,
// Abilities.Dex, InitiativeModifier (added to the Dexterity modifier, as Improved Initiative does),
// Player ("player" marks a PC) and the rest as the stat block. Saved encounters are offered as
// rosters of their own: each combatant by its alias, with its maximum hit points.
import { z } from 'zod';
import { MAX_CREATURE_FILE_ENTRIES, type Creature, type CreatureFile, type FileEncounter } from '@roundkeeper/protocol';
import { dnd5eDraft } from './dnd5e-block.js';
import { improvedInitiativeStatBlock } from './improved-initiative-stat-block.js';
import { parseJsonFile, readAs } from './json.js';
import { atPath, ImportRefusal, type ImportLog, type ImportReading, type PathPart } from './problem.js';
import { toCreature, type ImportTarget } from './target.js';

const ENTRY_KEY = /^(?:ImprovedInitiative\.)?(Creatures|PersistentCharacters|PlayerCharacters|SavedEncounters)\.(.+)$/;

const statBlockSchema = z.object({
  Name: z.string({ error: 'A stat block needs a Name.' }),
  HP: z.object({ Value: z.number({ error: 'Hit points must be a number.' }) }, { error: 'A stat block needs HP.' }).optional(),
  Abilities: z.object({ Dex: z.number({ error: 'Dexterity must be a number.' }).optional() }).optional(),
  InitiativeModifier: z.number({ error: 'The initiative modifier must be a number.' }).nullish(),
  Player: z.string().nullish(),
});
const characterSchema = z.object({ StatBlock: z.unknown() });
const encounterSchema = z.object({
  Name: z.string({ error: 'A saved encounter needs a Name.' }),
  Combatants: z.array(
    z.object({ StatBlock: z.unknown(), Alias: z.string().nullish(), MaxHP: z.number().nullish(), PersistentCharacterId: z.string().nullish() }),
    { error: 'A saved encounter has a list of Combatants.' },
  ),
});
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

interface Options {
  readonly pc: boolean;
  /** A saved combatant's own name and maximum, over its stat block's. */
  readonly alias?: string | null | undefined;
  readonly maxHp?: number | null | undefined;
}

function readStatBlock(raw: unknown, path: PathPart[], target: ImportTarget, log: ImportLog, options: Options): Creature {
  const block = readAs(statBlockSchema, raw, path);
  const name = options.alias?.trim() || block.Name;
  const dex = block.Abilities?.Dex;
  const hp = options.maxHp ?? block.HP?.Value;
  return toCreature(
    target,
    dnd5eDraft(
      target,
      {
        name: { value: name, at: atPath([...path, 'Name']) },
        side: options.pc || block.Player === 'player' ? 'pc' : 'enemy',
        dex: dex === undefined ? undefined : { value: dex, at: atPath([...path, 'Abilities', 'Dex']) },
        ...(block.InitiativeModifier !== undefined && block.InitiativeModifier !== null ? { initBonus: { value: block.InitiativeModifier, at: atPath([...path, 'InitiativeModifier']) } } : {}),
        ...(hp !== undefined && hp !== null ? { hp: { value: hp, at: atPath([...path, 'HP', 'Value']) } } : {}),
        statBlock: { value: improvedInitiativeStatBlock(raw as Record<string, unknown>), at: atPath(path) },
      },
      log,
    ),
    log,
  );
}

function readEncounter(raw: unknown, path: PathPart[], target: ImportTarget, log: ImportLog): FileEncounter {
  const saved = readAs(encounterSchema, raw, path);
  const creatures: Creature[] = [];
  saved.Combatants.forEach((c, i) => {
    const at: PathPart[] = [...path, 'Combatants', i, 'StatBlock'];
    const creature = log.entry(`${saved.Name}, ${c.Alias || 'combatant'}`, () =>
      readStatBlock(c.StatBlock, at, target, log, { pc: Boolean(c.PersistentCharacterId), alias: c.Alias, maxHp: c.MaxHP }),
    );
    if (creature) creatures.push(creature);
  });
  return { name: saved.Name.trim() || 'Saved encounter', creatures };
}

export function readImprovedInitiative(files: readonly CreatureFile[], target: ImportTarget, log: ImportLog): ImportReading {
  const creatures: Creature[] = [];
  const encounters: FileEncounter[] = [];
  const named = files.length > 1;
  for (const { name: fileName, text } of files) {
    log.file = named ? fileName : undefined;
    const named1 = (problem: ImportRefusal) => (named ? new ImportRefusal({ ...problem.problem, file: fileName }) : problem);
    let file: Record<string, unknown>;
    try {
      file = readAs(fileSchema, parseJsonFile(text), []);
    } catch (error) {
      throw error instanceof ImportRefusal ? named1(error) : error;
    }
    const entries = Object.entries(file).flatMap(([key, value]) => {
      const list = ENTRY_KEY.exec(key)?.[1];
      return list ? [{ key, list, value }] : [];
    });
    if (entries.length === 0) {
      throw named1(new ImportRefusal({ message: 'No creatures found: an Improved Initiative export has keys such as "Creatures.<id>" or "PersistentCharacters.<id>".' }));
    }
    if (creatures.length + entries.length > MAX_CREATURE_FILE_ENTRIES) {
      throw named1(new ImportRefusal({ message: `The file holds ${entries.length} creatures, characters and encounters; at most ${MAX_CREATURE_FILE_ENTRIES} can be read at once.` }));
    }
    for (const { key, list, value } of entries) {
      const label = (v: unknown) => (typeof v === 'object' && v !== null && 'Name' in v && typeof v.Name === 'string' ? v.Name : key);
      if (list === 'SavedEncounters') {
        const encounter = log.entry(undefined, () => readEncounter(entryValue(value, [key]), [key], target, log));
        if (encounter && encounter.creatures.length > 0) encounters.push(encounter);
        continue;
      }
      const creature = log.entry(undefined, () => {
        let raw = entryValue(value, [key]);
        let path: PathPart[] = [key];
        if (list === 'PersistentCharacters') {
          raw = readAs(characterSchema, raw, path).StatBlock;
          path = [...path, 'StatBlock'];
        }
        try {
          return readStatBlock(raw, path, target, log, { pc: list !== 'Creatures' });
        } catch (error) {
          if (error instanceof ImportRefusal) throw new ImportRefusal({ ...error.problem, message: `${label(raw)}: ${error.problem.message}` });
          throw error;
        }
      });
      if (creature) creatures.push(creature);
    }
  }
  log.file = undefined;
  return { creatures, skipped: log.skipped, notices: log.notices, encounters };
}
