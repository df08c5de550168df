// The system a file is imported for, and the one place a reader's draft becomes a creature in that
// system's terms: its stat keys and bounds, its form of health, the protocol's text rules.
import { isWellFormedText, MAX_NAME_LENGTH, MAX_NOTE_LENGTH, statBlockSchema, TEXT_PROBLEM, type Creature } from '@roundkeeper/protocol';
import { MAX_HEALTH, SIDES, type Side, type StatBlock, type StatDef } from '@roundkeeper/rules/core';
import { systemCatalogue, type CatalogueId, type SystemSummary } from '@roundkeeper/rules/catalogue';
import { ImportRefusal, type ImportLog, type Location } from './problem.js';
import { fitStatBlock, isEmptyStatBlock } from './stat-block-fit.js';

export type ImportTarget = SystemSummary & { readonly id: CatalogueId };

export function importTarget(system: CatalogueId): ImportTarget {
  const summary = systemCatalogue().find((s) => s.id === system);
  // The request schema admits only catalogue ids.
  if (!summary) throw new Error(`no system ${system} in the catalogue`);
  return { ...summary, id: system };
}

/** A value read from the file, with where it was. */
export interface Sourced<T> {
  readonly value: T;
  readonly at: Location;
}

/** What a reader found for one creature, before the target's rules are applied. */
export interface CreatureDraft {
  readonly name: Sourced<string>;
  readonly side: Side;
  /** By the target's stat keys; the rest take the system's defaults when the creature is added. */
  readonly stats: readonly (Sourced<number> & { readonly key: string })[];
  readonly hp?: Sourced<number>;
  readonly strain?: Sourced<number>;
  readonly note?: Sourced<string>;
  /** What the file says beyond the rules' numbers (any system: it is the GM's reference). */
  readonly statBlock?: Sourced<StatBlock>;
}

const fail = (at: Location, message: string): never => {
  throw new ImportRefusal({ ...at, message });
};

function checkText({ value, at }: Sourced<string>, max: number, what: string): string {
  if (!isWellFormedText(value)) fail(at, `The ${what} ${TEXT_PROBLEM}.`);
  const trimmed = value.trim();
  if (trimmed.length > max) fail(at, `The ${what} is ${trimmed.length} characters long; at most ${max}.`);
  return trimmed;
}

function checkStat(def: StatDef, { value, at }: Sourced<number>): number {
  if (!Number.isInteger(value) || value < def.min || value > def.max) {
    fail(at, `${def.label} must be a whole number from ${def.min} to ${def.max} (it is ${value}).`);
  }
  return value;
}

function checkHealth({ value, at }: Sourced<number>, what: string): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_HEALTH) fail(at, `The ${what} must be a whole number from 1 to ${MAX_HEALTH} (it is ${value}).`);
  return value;
}

/**
 * The draft as a creature of the target system, or an ImportRefusal naming the first field that does
 * not fit. A stat block too large for the protocol is shortened, and `log` says so.
 */
export function toCreature(target: ImportTarget, draft: CreatureDraft, log?: ImportLog): Creature {
  const name = checkText(draft.name, MAX_NAME_LENGTH, 'name');
  if (name === '') fail(draft.name.at, 'The name is empty.');
  if (!SIDES.includes(draft.side)) fail(draft.name.at, `"${draft.side}" is not a side.`);
  const stats: Record<string, number> = {};
  for (const stat of draft.stats) {
    const def = target.statDefs.find((d) => d.key === stat.key);
    if (!def) fail(stat.at, `${target.shortLabel} has no stat called "${stat.key}".`);
    else stats[def.key] = checkStat(def, stat);
  }
  const form = target.health.form;
  const strainAllowed = form.kind === 'wounds' && form.strain;
  if (draft.strain && !strainAllowed) fail(draft.strain.at, `${target.shortLabel} has no strain threshold.`);
  const max = draft.hp && checkHealth(draft.hp, form.kind === 'wounds' ? 'wound threshold' : 'hit point maximum');
  const strain = draft.strain && checkHealth(draft.strain, 'strain threshold');
  const note = draft.note && checkText(draft.note, MAX_NOTE_LENGTH, 'note');
  const fitted = draft.statBlock && fitStatBlock(draft.statBlock.value);
  if (fitted?.shortened) log?.notice(draft.statBlock!.at, `${name}: its stat block was shortened to fit (very long entries are cut).`);
  return {
    name,
    side: draft.side,
    stats,
    ...(note ? { note } : {}),
    ...(max !== undefined ? { health: { max, ...(strain !== undefined ? { strain } : {}) } } : {}),
    // Parsed as the protocol will: a block the fitting got wrong is our bug, and fails here.
    ...(fitted && !isEmptyStatBlock(fitted.block) ? { statBlock: statBlockSchema.parse(fitted.block) } : {}),
  };
}
