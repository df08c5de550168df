// 5e.tools bestiary JSON (data/bestiary/bestiary-<source>.json, and homebrew in the same shape):
// `{ "monster": [ … ] }`, one file or several read together. Read per monster: name, hp ({average,
// formula}; {special} has no number), dex, initiative (a number is the whole modifier; {proficiency: n}
// adds n × the proficiency bonus of its cr; advantageMode "adv" is advantage), and its stat block. A
// `_copy` takes the monster it copies from any of the files (five-e-tools-copy.ts); legendarygroups.json
// (`legendaryGroup`) gives lair actions and template.json (`monsterTemplate`) the templates, when given.
// A monster the rules cannot take, or a copy of one in no file given, is left out and listed.
import { z } from 'zod';
import { MAX_CREATURE_FILE_ENTRIES, type CreatureFile } from '@roundkeeper/protocol';
import type { StatBlockEntry } from '@roundkeeper/rules/core';
import { abilityModifier, dnd5eDraft } from './dnd5e-block.js';
import { monsterKey, proficiencyOf, resolveCopy } from './five-e-tools-copy.js';
import { fiveEToolsStatBlock, lairActionsOf } from './five-e-tools-stat-block.js';
import { parseJsonFile, readAs } from './json.js';
import { atPath, ImportRefusal, type ImportLog, type ImportReading, type PathPart } from './problem.js';
import { toCreature, type ImportTarget } from './target.js';

type Raw = Record<string, unknown>;
const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

const fileSchema = z.object(
  {
    monster: z.array(z.unknown(), { error: 'A 5e.tools bestiary has a "monster" list.' }).optional(),
    legendaryGroup: z.array(z.unknown()).optional(),
    monsterTemplate: z.array(z.unknown()).optional(),
  },
  { error: 'A 5e.tools bestiary is one JSON object with a "monster" list.' },
);

const monsterSchema = z.object({
  name: z.string({ error: 'A monster needs a name.' }),
  source: z.string().optional(),
  hp: z
    .union([z.object({ average: z.number({ error: 'The average hit points must be a number.' }), formula: z.string().optional() }), z.object({ special: z.string() })], {
      error: 'Its hit points are neither an average number nor a special text.',
    })
    .optional(),
  dex: z.number({ error: 'Dexterity must be a number.' }).optional(),
  cr: z.union([z.string(), z.object({ cr: z.string() })]).optional(),
  initiative: z
    .union([
      z.number(),
      z.object({ initiative: z.number().optional(), proficiency: z.number().int().min(0).max(2).optional(), advantageMode: z.string().optional() }),
    ], { error: 'Initiative is a number or {"proficiency": 1}.' })
    .optional(),
});
type Monster = z.output<typeof monsterSchema>;

/** The initiative modifier beyond Dexterity's, or undefined when the monster has only Dexterity's. */
function initBonusOf(monster: Monster, path: readonly PathPart[]): number | undefined {
  const { initiative } = monster;
  if (initiative === undefined) return undefined;
  const dexMod = abilityModifier(monster.dex ?? DEX_WITHOUT_SCORE);
  if (typeof initiative === 'number') return initiative - dexMod;
  if (initiative.initiative !== undefined) return initiative.initiative - dexMod;
  if (!initiative.proficiency) return undefined;
  const proficiency = proficiencyOf(monster.cr);
  if (proficiency === undefined) throw new ImportRefusal({ ...atPath([...path, 'cr']), message: 'Initiative proficiency needs the challenge rating ("1/4", "5", …).' });
  return initiative.proficiency * proficiency;
}

/** The score whose modifier is +0, for a monster with none. */
const DEX_WITHOUT_SCORE = 10;

interface ListedMonster {
  readonly raw: unknown;
  readonly file: string;
  readonly index: number;
}

/** The files' monsters, legendary groups and templates; a file that holds none of them is refused, naming it. */
function gather(files: readonly CreatureFile[], named: boolean) {
  const monsters: ListedMonster[] = [];
  const byKey = new Map<string, Raw>();
  const groups = new Map<string, Raw>();
  const templates = new Map<string, Raw>();
  const keyed = (list: unknown[] | undefined, into: Map<string, Raw>) => {
    for (const entry of list ?? []) {
      if (isRecord(entry) && typeof entry.name === 'string' && typeof entry.source === 'string') {
        const key = monsterKey(entry.name, entry.source);
        if (!into.has(key)) into.set(key, entry);
      }
    }
  };
  for (const file of files) {
    const data = inFile(file, named, () => readAs(fileSchema, parseJsonFile(file.text), []));
    if (!data.monster && !data.legendaryGroup && !data.monsterTemplate) {
      throw new ImportRefusal({ ...(named ? { file: file.name } : {}), field: 'monster', message: 'A 5e.tools bestiary has a "monster" list.' });
    }
    data.monster?.forEach((raw, index) => monsters.push({ raw, file: file.name, index }));
    keyed(data.monster, byKey);
    keyed(data.legendaryGroup, groups);
    keyed(data.monsterTemplate, templates);
  }
  return { monsters, byKey, groups, templates };
}

/** Runs `read` for one file, naming the file in a refusal when several are read. */
function inFile<T>(file: CreatureFile, named: boolean, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ImportRefusal && named) throw new ImportRefusal({ ...error.problem, file: file.name });
    throw error;
  }
}

export function readFiveETools(files: readonly CreatureFile[], target: ImportTarget, log: ImportLog): ImportReading {
  const named = files.length > 1;
  const { monsters, byKey, groups, templates } = gather(files, named);
  if (monsters.length === 0) throw new ImportRefusal({ field: 'monster', message: 'The files hold no monster.' });
  if (monsters.length > MAX_CREATURE_FILE_ENTRIES) {
    throw new ImportRefusal({ field: 'monster', message: `The files hold ${monsters.length} monsters; at most ${MAX_CREATURE_FILE_ENTRIES} can be read at once.` });
  }
  const creatures = [];
  const missingBooks = new Map<string, number>();
  for (const { raw, file, index } of monsters) {
    log.file = named ? file : undefined;
    const path: PathPart[] = ['monster', index];
    const listedName = isRecord(raw) && typeof raw.name === 'string' ? raw.name : undefined;
    const creature = log.entry(listedName, () => {
      if (!isRecord(raw)) throw new ImportRefusal({ ...atPath(path), message: 'A monster is a JSON object.' });
      const resolved = resolveCopy(raw, { monsters: byKey, templates });
      if (!resolved.ok) {
        if (resolved.missing === 'loop') throw new ImportRefusal({ ...atPath([...path, '_copy']), message: 'it copies a monster that copies it back.' });
        const { name, source } = resolved.missing;
        missingBooks.set(source, (missingBooks.get(source) ?? 0) + 1);
        throw new ImportRefusal({ ...atPath([...path, '_copy']), message: `it copies ${name} from the book ${source}, which is in none of the files given (add bestiary-${source.toLowerCase()}.json).` });
      }
      const monster = readAs(monsterSchema, resolved.monster, path);
      if (resolved.unapplied.length > 0) log.notice(atPath([...path, '_copy']), `${monster.name}: copied from ${String((raw._copy as Raw).name)} without ${resolved.unapplied.join(', ')}.`);
      const groupRef = resolved.monster.legendaryGroup;
      const group = isRecord(groupRef) && typeof groupRef.name === 'string' && typeof groupRef.source === 'string' ? groups.get(monsterKey(groupRef.name, groupRef.source)) : undefined;
      const lair: StatBlockEntry[] | undefined = group ? lairActionsOf(group) : undefined;
      const initBonus = initBonusOf(monster, path);
      const hp = monster.hp && 'average' in monster.hp ? monster.hp.average : undefined;
      return toCreature(
        target,
        dnd5eDraft(
          target,
          {
            name: { value: monster.name, at: atPath([...path, 'name']) },
            side: 'enemy',
            dex: monster.dex === undefined ? undefined : { value: monster.dex, at: atPath([...path, 'dex']) },
            ...(initBonus !== undefined ? { initBonus: { value: initBonus, at: atPath([...path, 'initiative']) } } : {}),
            ...(hp !== undefined ? { hp: { value: hp, at: atPath([...path, 'hp', 'average']) } } : {}),
            ...(monster.hp && 'special' in monster.hp ? { hpSpecial: monster.hp.special } : {}),
            statBlock: { value: fiveEToolsStatBlock(resolved.monster, lair), at: atPath(path) },
          },
          log,
        ),
        log,
      );
    });
    if (creature) creatures.push(creature);
  }
  log.file = undefined;
  if (missingBooks.size > 0) {
    const books = [...missingBooks].map(([book, n]) => `${book} (${n})`).join(', ');
    log.notice({}, `Some monsters copy from books not given, and were left out: ${books}. Read their files together with this one to take them too.`);
  }
  return { creatures, skipped: log.skipped, notices: log.notices, encounters: [] };
}
