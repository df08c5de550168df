// add-combatant, remove-combatant, set-hidden, set-defeated: the GM's roster commands.
import type { NewCombatant } from '../commands.js';
import type { EncounterEvent } from '../events.js';
import { freshHealth } from '../health/math.js';
import { MAX_HEALTH, type Health, type HealthForm, type NewHealth } from '../health/model.js';
import { carriedHealth } from '../health/carried.js';
import { healthMetaOf, hpFloorOf, isOutOfFight } from '../health/rules.js';
import { SIDES, type Combatant } from '../model.js';
import type { Decision, StatDef } from '../system.js';
import { findCombatant } from '../units.js';
import { accept, append, draft, refuse, requireCommandPhase, type DecideContext } from './context.js';
import { reactToDefeats } from './defeats.js';
import { healthAmountFits } from './health-targets.js';
import { mintId } from '../ids.js';

export function validateStats(
  defs: readonly StatDef[],
  given: Readonly<Record<string, number>>,
): { readonly stats: Record<string, number> } | { readonly error: string } {
  for (const key of Object.keys(given)) {
    if (!defs.some((d) => d.key === key)) {
      const known = defs.map((d) => d.key).join(', ');
      return { error: `This game has no stat called "${key}" (it uses: ${known}).` };
    }
  }
  const stats: Record<string, number> = {};
  for (const def of defs) {
    const value = given[def.key] ?? def.default;
    if (!Number.isInteger(value) || value < def.min || value > def.max) {
      return { error: `${def.label} must be a whole number from ${def.min} to ${def.max}.` };
    }
    stats[def.key] = value;
  }
  return { stats };
}

/** [ENG-25] The health a new combatant starts with (full), or why the maximum given does not fit. */
function startingHealth(form: HealthForm, spec: NewHealth | undefined): { readonly health: Health | null } | { readonly error: string } {
  if (spec === undefined) return { health: null };
  if (!healthAmountFits(spec.max, 1)) return { error: `A maximum is a whole number from 1 to ${MAX_HEALTH}.` };
  if (spec.strain !== undefined) {
    if (form.kind !== 'wounds' || !form.strain) return { error: 'This game has no strain threshold.' };
    if (!healthAmountFits(spec.strain, 1)) return { error: `A strain threshold is a whole number from 1 to ${MAX_HEALTH}.` };
  }
  return { health: freshHealth(form, spec) };
}

/**
 * [ENG-47] A new combatant with the health it carries in (checked against the system's form and floor),
 * out of the fight already where that health puts it out by the system's rule (a monster at 0).
 */
function carriedIn(ctx: DecideContext, made: Combatant, now: NonNullable<NewHealth['now']>): Combatant | { readonly error: string } {
  if (made.health === null) return { error: 'Give a maximum with the health carried in.' };
  const carried = carriedHealth(healthMetaOf(ctx.system).form, made.health, now, hpFloorOf(ctx.system, ctx.state, made));
  if ('error' in carried) return carried;
  const combatant = { ...made, health: carried.health };
  return { ...combatant, defeated: isOutOfFight(ctx.system, ctx.state, combatant) };
}

export function addCombatant(ctx: DecideContext, spec: NewCombatant): Decision {
  const { state } = ctx;
  const wrong = requireCommandPhase(ctx, 'add-combatant', 'add combatants');
  if (wrong) return wrong;
  const name = spec.name.trim();
  if (name === '') return refuse('invalid-command', 'A combatant needs a name.');
  if (!SIDES.includes(spec.side)) return refuse('invalid-command', `"${spec.side}" is not a side.`);
  const count = spec.count ?? 1;
  if (!Number.isInteger(count) || count < 1) {
    return refuse('invalid-command', 'The number of creatures must be a whole number of at least 1.');
  }
  const checked = validateStats(ctx.system.statDefs, spec.stats);
  if ('error' in checked) return refuse('invalid-stats', checked.error);
  const meta = healthMetaOf(ctx.system);
  const start = startingHealth(meta.form, spec.health);
  if ('error' in start) return refuse('invalid-health', start.error);
  if (spec.health?.now !== undefined && count > 1) return refuse('invalid-health', 'Health carried from another fight belongs to one creature at a time.');
  // [ENG-31] A group that shares one pool holds the health; its members have none of their own.
  const pooled = count > 1 && meta.groupPool;

  let nextId = state.nextId;
  const events: EncounterEvent[] = [];
  let groupId: string | null = null;
  if (count > 1) {
    groupId = mintId(state, 'g', nextId++);
    events.push({
      type: 'group-added',
      group: { id: groupId, name, side: spec.side, initiative: null, tieBreak: null, health: pooled ? start.health : null },
    });
  }
  for (let i = 1; i <= count; i++) {
    const made: { -readonly [K in keyof Combatant]: Combatant[K] } = {
      id: mintId(state, 'c', nextId++),
      name: count > 1 ? `${name} ${i}` : name,
      side: spec.side,
      groupId,
      hidden: spec.hidden ?? false,
      defeated: false,
      stats: checked.stats,
      note: spec.note ?? '',
      initiative: null,
      tieBreak: null,
      resources: {},
      conditions: [],
      health: pooled ? null : start.health,
    };
    // One object for a group's members: the state and their views share it.
    if (spec.statBlock) made.statBlock = spec.statBlock;
    const combatant = spec.health?.now === undefined ? made : carriedIn(ctx, made, spec.health.now);
    if ('error' in combatant) return refuse('invalid-health', combatant.error);
    events.push({ type: 'combatant-added', combatant });
  }
  return accept(events);
}

function withCombatant(
  ctx: DecideContext,
  type: 'remove-combatant' | 'set-hidden' | 'set-note' | 'set-defeated',
  id: string,
  doing: string,
  make: (c: Combatant) => EncounterEvent,
): Decision {
  const wrong = requireCommandPhase(ctx, type, doing);
  if (wrong) return wrong;
  const c = findCombatant(ctx.state, id);
  if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
  return accept([make(c)]);
}

export const removeCombatant = (ctx: DecideContext, combatantId: string): Decision =>
  withCombatant(ctx, 'remove-combatant', combatantId, 'remove combatants', (c) => ({ type: 'combatant-removed', combatantId: c.id }));

export const setHidden = (ctx: DecideContext, combatantId: string, hidden: boolean): Decision =>
  withCombatant(ctx, 'set-hidden', combatantId, 'hide or reveal combatants', (c) => ({
    type: 'hidden-set',
    combatantId: c.id,
    hidden,
  }));

/** [ENG-43] The GM's note on a combatant, kept with it and shown to the GM alone (ENG-6). */
export const setNote = (ctx: DecideContext, combatantId: string, note: string): Decision =>
  withCombatant(ctx, 'set-note', combatantId, 'write notes', (c) => ({ type: 'note-set', combatantId: c.id, note }));

/** [ENG-30] The GM's defeat goes through the same reactions as a defeat by health (LFG morale). */
export function setDefeated(ctx: DecideContext, combatantId: string, defeated: boolean): Decision {
  const decided = withCombatant(ctx, 'set-defeated', combatantId, 'mark combatants defeated', (c) => ({
    type: 'defeated-set',
    combatantId: c.id,
    defeated,
  }));
  const was = findCombatant(ctx.state, combatantId);
  if (!decided.ok || !defeated || !was || was.defeated) return decided;
  return accept(reactToDefeats(ctx.system, append(draft(ctx), ...decided.events), [was.id]).events);
}
