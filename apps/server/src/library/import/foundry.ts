// Foundry VTT actors of the dnd5e system: one actor as "Export Data" writes it, a list of actors, or an
// older compendium file (`.db`, one JSON object a line). Read: name; type ("character" is a PC; "npc"
// an enemy, or an NPC when its token is neutral or friendly; anything else, such as a vehicle or a
// group, is left out); Dexterity; hit points (an NPC's maximum; a character's as Foundry computes it
// from its classes, foundry-data.ts); the initiative bonus beyond Dexterity with its formula evaluated
// ("@prof * 2"), the ability it uses, the Alert feat and other effects; and the stat block. Exports from
// Foundry 9 and older keep the same fields under `data`.
import { z } from 'zod';
import { MAX_CREATURE_FILE_ENTRIES, type Creature, type CreatureFile } from '@roundkeeper/protocol';
import type { Side } from '@roundkeeper/rules/core';
import { dnd5eDraft } from './dnd5e-block.js';
import { FoundryActor, isRecord, numberOf, type Raw } from './foundry-data.js';
import { foundryStatBlock } from './foundry-stat-block.js';
import { parseJsonFile, readAs } from './json.js';
import { atPath, ImportRefusal, type ImportLog, type ImportReading, type PathPart } from './problem.js';
import { toCreature, type ImportTarget } from './target.js';

/** Foundry's token dispositions: secret -2, hostile -1, neutral 0, friendly 1. */
const NEUTRAL = 0;
/** The 2014 Alert feat's flag: +5 to initiative. */
const ALERT_2014_BONUS = 5;
/** dnd5e's roll modes: 1 is advantage. */
const ADVANTAGE_MODE = 1;

const numberish = z.number().nullish();
const systemSchema = z.object({
  abilities: z.object({ dex: z.object({ value: numberish }).optional() }).optional(),
  attributes: z
    .object({
      hp: z.object({ value: numberish, max: numberish }).optional(),
      init: z.object({ bonus: z.union([z.string(), z.number()]).nullish(), ability: z.string().nullish() }).optional(),
    })
    .optional(),
});

const actorSchema = z.object({
  name: z.string({ error: 'An actor needs a name.' }),
  type: z.string({ error: 'An actor needs a type.' }),
  system: systemSchema.optional(),
  data: systemSchema.optional(),
  prototypeToken: z.object({ disposition: z.number().optional() }).optional(),
  token: z.object({ disposition: z.number().optional() }).optional(),
});

const get = (value: unknown, path: readonly string[]): unknown => path.reduce<unknown>((at, key) => (isRecord(at) ? at[key] : undefined), value);

function readActor(raw: unknown, path: PathPart[], target: ImportTarget, log: ImportLog): Creature {
  const actor = readAs(actorSchema, raw, path);
  if (actor.type !== 'character' && actor.type !== 'npc') {
    throw new ImportRefusal({ ...atPath([...path, 'type']), message: `a Foundry "${actor.type}" is not a character or an NPC that takes turns.` });
  }
  const systemKey = actor.system ? 'system' : 'data';
  const whole = raw as Raw;
  const a = new FoundryActor(whole, isRecord(whole[systemKey]) ? (whole[systemKey] as Raw) : {});
  const at = (...rest: PathPart[]) => atPath([...path, systemKey, ...rest]);
  const dex = a.score('dex');
  const init = initiativeOf(a, actor.name, log, at('attributes', 'init', 'bonus'));
  const statBlock = { ...foundryStatBlock(a), ...(init.advantage ? { initiativeAdvantage: true } : {}) };
  const hp = hitPointsOf(a, actor.type, actor.name, log, at('attributes', 'hp'));
  const disposition = actor.prototypeToken?.disposition ?? actor.token?.disposition;
  const side: Side = actor.type === 'character' ? 'pc' : disposition !== undefined && disposition >= NEUTRAL ? 'npc' : 'enemy';
  return toCreature(
    target,
    dnd5eDraft(
      target,
      {
        name: { value: actor.name, at: atPath([...path, 'name']) },
        side,
        dex: dex === undefined ? undefined : { value: dex, at: at('abilities', 'dex', 'value') },
        ...(init.bonus !== 0 || init.stated ? { initBonus: { value: init.bonus, at: at('attributes', 'init', 'bonus') } } : {}),
        ...(hp !== undefined ? { hp: { value: hp.value, at: at('attributes', 'hp', hp.field) } } : {}),
        statBlock: { value: statBlock, at: atPath(path) },
      },
      log,
    ),
    log,
  );
}

/**
 * The initiative modifier beyond Dexterity's: the ability it uses instead (`init.ability`), its bonus
 * (a number or a formula), effects that add to it (the 2024 Alert feat: the proficiency bonus), the
 * 2014 Alert flag (+5) and Jack of All Trades (half the proficiency bonus). A part that does not
 * evaluate is left out and said.
 */
function initiativeOf(a: FoundryActor, name: string, log: ImportLog, at: ReturnType<typeof atPath>): { bonus: number; stated: boolean; advantage: boolean } {
  const init = get(a.system, ['attributes', 'init']);
  const ability = typeof get(init, ['ability']) === 'string' && get(init, ['ability']) !== '' ? String(get(init, ['ability'])) : 'dex';
  let bonus = a.mod(ability) - a.mod('dex');
  const given = get(init, ['bonus']);
  const formula = typeof given === 'string' ? given.trim() : given;
  const value = a.evaluate(formula ?? '');
  if (value === undefined) log.notice(at, `${name}: the initiative bonus "${String(formula)}" is not plain arithmetic and was left out; set it in the roster.`);
  else bonus += value;
  const effects = a.effectBonus('system.attributes.init.bonus');
  bonus += effects.total;
  for (const unread of effects.unread) log.notice(at, `${name}: an effect adds "${unread}" to initiative, which was left out.`);
  if (a.flag('initiativeAlert')) bonus += ALERT_2014_BONUS;
  if (a.flag('jackOfAllTrades')) bonus += Math.floor((a.proficiency() ?? 0) / 2);
  const advantage = a.flag('initiativeAdv') || numberOf(get(init, ['roll', 'mode'])) === ADVANTAGE_MODE;
  return { bonus: Math.round(bonus), stated: formula !== undefined && formula !== null && formula !== '', advantage };
}

/** An NPC's stored maximum; a character's computed one (Foundry stores none), else its current hit points, said. */
function hitPointsOf(a: FoundryActor, type: string, name: string, log: ImportLog, at: ReturnType<typeof atPath>): { value: number; field: string } | undefined {
  const hp = get(a.system, ['attributes', 'hp']);
  const max = numberOf(get(hp, ['max']));
  if (max !== undefined && max > 0) return { value: max, field: 'max' };
  if (type === 'character') {
    const computed = a.computedMaxHp();
    if (computed !== undefined) return { value: computed, field: 'max' };
  }
  const current = numberOf(get(hp, ['value']));
  if (current !== undefined && current > 0) {
    log.notice(at, `${name}: the file gives no maximum hit points; taken from the current ${current}.`);
    return { value: current, field: 'value' };
  }
  return max === 0 || current === 0 ? { value: 0, field: 'max' } : undefined;
}

/** The file's actors: one JSON object, a list, or JSON lines (a `.db` compendium; deleted entries skipped). */
function actorsOf(text: string): { raw: unknown; path: PathPart[]; line?: number }[] {
  let value: unknown;
  try {
    value = parseJsonFile(text);
  } catch (error) {
    const lines = text.split('\n');
    const asLines = lines.filter((l) => l.trim() !== '');
    if (!(error instanceof ImportRefusal) || asLines.length < 2 || !asLines.every((l) => l.trimStart().startsWith('{'))) throw error;
    return lines.flatMap((line, i) => {
      if (line.trim() === '') return [];
      const parsed = readLine(line, i + 1);
      return isRecord(parsed) && parsed.$$deleted === true ? [] : [{ raw: parsed, path: [], line: i + 1 }];
    });
  }
  if (Array.isArray(value)) return value.map((raw, i) => ({ raw, path: [i] }));
  return [{ raw: value, path: [] }];
}

function readLine(line: string, number: number): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new ImportRefusal({ line: number, message: `Line ${number} is not valid JSON: a compendium file holds one JSON object a line.` });
  }
}

export function readFoundry(files: readonly CreatureFile[], target: ImportTarget, log: ImportLog): ImportReading {
  const creatures: Creature[] = [];
  const named = files.length > 1;
  for (const file of files) {
    log.file = named ? file.name : undefined;
    let actors: { raw: unknown; path: PathPart[]; line?: number }[];
    try {
      actors = actorsOf(file.text);
    } catch (error) {
      if (error instanceof ImportRefusal && named) throw new ImportRefusal({ ...error.problem, file: file.name });
      throw error;
    }
    if (creatures.length + actors.length > MAX_CREATURE_FILE_ENTRIES) {
      throw new ImportRefusal({ message: `The files hold more than ${MAX_CREATURE_FILE_ENTRIES} actors; at most ${MAX_CREATURE_FILE_ENTRIES} can be read at once.` });
    }
    for (const { raw, path, line } of actors) {
      const name = isRecord(raw) && typeof raw.name === 'string' ? raw.name : undefined;
      // A compendium's entry is found by its line.
      log.line = line;
      const creature = log.entry(name, () => readActor(raw, path, target, log));
      if (creature) creatures.push(creature);
    }
  }
  log.file = undefined;
  log.line = undefined;
  return { creatures, skipped: log.skipped, notices: log.notices, encounters: [] };
}
