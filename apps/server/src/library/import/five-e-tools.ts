// 5e.tools bestiary JSON (data/bestiary/bestiary-<source>.json, and homebrew in the same shape):
// `{ "monster": [ … ] }`. Read per monster: name, hp ({average, formula}; {special} has no number, so
// no health), dex, initiative (a number is the whole modifier; {proficiency: n} adds n × the proficiency
// bonus of its cr), cr. A `_copy` entry takes what it lacks from the monster it copies when that one
// is in the same file; a copy of a monster from another book is left out and listed as skipped.
import { z } from 'zod';
import { MAX_CREATURE_FILE_ENTRIES, type Creature, type SkippedEntry } from '@roundkeeper/protocol';
import { abilityModifier, dnd5eDraft, STAT_BLOCK_SYSTEM } from './dnd5e-block.js';
import { parseJsonFile, readAs } from './json.js';
import { atPath, formatPath, ImportRefusal, type PathPart } from './problem.js';
import { toCreature, type ImportTarget } from './target.js';

const fileSchema = z.object(
  { monster: z.array(z.unknown(), { error: 'A 5e.tools bestiary has a "monster" list.' }).max(MAX_CREATURE_FILE_ENTRIES, `At most ${MAX_CREATURE_FILE_ENTRIES} monsters can be imported at once.`) },
  { error: 'A 5e.tools bestiary is one JSON object with a "monster" list.' },
);

const copySchema = z.object({ name: z.string(), source: z.string() });

const monsterSchema = z.object({
  name: z.string({ error: 'A monster needs a name.' }),
  source: z.string().optional(),
  _copy: copySchema.optional(),
  hp: z
    .union([z.object({ average: z.number({ error: 'The average hit points must be a number.' }), formula: z.string().optional() }), z.object({ special: z.string() })], {
      error: 'Hit points are {"average": n, "formula": "…"} or {"special": "…"}.',
    })
    .optional(),
  dex: z.number({ error: 'Dexterity must be a number.' }).optional(),
  cr: z.union([z.string(), z.object({ cr: z.string() })]).optional(),
  initiative: z
    .union([z.number(), z.object({ initiative: z.number().optional(), proficiency: z.number().int().min(0).max(2).optional() })], {
      error: 'Initiative is a number or {"proficiency": 1}.',
    })
    .optional(),
});
type Monster = z.output<typeof monsterSchema>;

/** SRD "Proficiency Bonus by Challenge Rating": +2 up to CR 4, one more every 4 CR. */
function proficiencyOfCr(cr: string): number | undefined {
  const value = cr.includes('/') ? 0 : Number(cr);
  if (!Number.isFinite(value) || !/^(\d+|1\/[248])$/.test(cr)) return undefined;
  return value < 5 ? 2 : 2 + Math.ceil((value - 4) / 4);
}

/** The initiative modifier beyond Dexterity's, or undefined when the monster has only Dexterity's. */
function initBonusOf(monster: Monster, path: readonly PathPart[]): number | undefined {
  const { initiative, dex } = monster;
  if (initiative === undefined || dex === undefined) return undefined;
  const dexMod = abilityModifier(dex);
  if (typeof initiative === 'number') return initiative - dexMod;
  if (initiative.initiative !== undefined) return initiative.initiative - dexMod;
  if (!initiative.proficiency) return undefined;
  const cr = typeof monster.cr === 'object' ? monster.cr.cr : monster.cr;
  const proficiency = cr === undefined ? undefined : proficiencyOfCr(cr);
  if (proficiency === undefined) throw new ImportRefusal({ ...atPath([...path, 'cr']), message: 'Initiative proficiency needs the challenge rating ("1/4", "5", …).' });
  return initiative.proficiency * proficiency;
}

const keyOf = (name: string, source: string | undefined) => `${name.toLowerCase()}|${(source ?? '').toLowerCase()}`;

export function readFiveETools(text: string, target: ImportTarget): { creatures: Creature[]; skipped: SkippedEntry[] } {
  const file = readAs(fileSchema, parseJsonFile(text), []);
  const monsters = file.monster.map((raw, i) => readAs(monsterSchema, raw, ['monster', i]));
  const byKey = new Map(monsters.map((m) => [keyOf(m.name, m.source), m]));
  /** A copy's own fields over its original's (which may itself be a copy), up to a sane depth. */
  const resolve = (m: Monster, depth: number): Monster | undefined => {
    if (!m._copy) return m;
    const original = byKey.get(keyOf(m._copy.name, m._copy.source));
    const base = original && depth < MAX_COPY_DEPTH ? resolve(original, depth + 1) : undefined;
    return base && { ...base, ...m, _copy: undefined };
  };
  const creatures: Creature[] = [];
  const skipped: SkippedEntry[] = [];
  monsters.forEach((listed, i) => {
    const path = ['monster', i];
    const monster = resolve(listed, 0);
    if (!monster) {
      const copied = listed._copy!;
      skipped.push({ field: formatPath([...path, '_copy']), message: `${listed.name} copies ${copied.name} (${copied.source}), which is not in this file.` });
      return;
    }
    if (target.id === STAT_BLOCK_SYSTEM && monster.dex === undefined) throw new ImportRefusal({ ...atPath([...path, 'dex']), message: 'D&D 5e needs Dexterity.' });
    const initBonus = initBonusOf(monster, path);
    creatures.push(
      toCreature(
        target,
        dnd5eDraft(target, {
          name: { value: monster.name, at: atPath([...path, 'name']) },
          side: 'enemy',
          dex: monster.dex === undefined ? undefined : { value: monster.dex, at: atPath([...path, 'dex']) },
          ...(initBonus !== undefined ? { initBonus: { value: initBonus, at: atPath([...path, 'initiative']) } } : {}),
          ...(monster.hp && 'average' in monster.hp ? { hp: { value: monster.hp.average, at: atPath([...path, 'hp', 'average']) } } : {}),
        }),
      ),
    );
  });
  return { creatures, skipped };
}

/** Copies of copies exist (a variant of a variant); a loop of copies does not resolve. */
const MAX_COPY_DEPTH = 4;
