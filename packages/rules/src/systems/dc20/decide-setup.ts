// dc20's commands before and around the fight: the Encounter DC, teams, Surprise, the order of enemy
// teams, Initiative Checks with ADV n / DisADV n, and the core commands dc20 decides its own way
// (begin-initiative, start-combat, end-encounter). Rule ids refer to packages/rules/spec/dc20.md.
import type { Actor, Command } from '../../core/commands.js';
import { accept, append, draft, listNames, refuse, requireCommandPhase, visibleName, type DecideContext, type Draft } from '../../core/decide/context.js';
import { endEncounter } from '../../core/decide/turns.js';
import { startRound } from '../../core/decide/flow.js';
import { readFaces, rollSpecs } from '../../core/dice/spec.js';
import { rollDie } from '../../core/dice/rng.js';
import type { Combatant, DieFace, EncounterState, InitiativeRoll, RollMode } from '../../core/model.js';
import { physicalDiceOf } from '../../core/options.js';
import type { Decision, ScoredRoll } from '../../core/system.js';
import { findCombatant } from '../../core/units.js';
import type { Dc20Command } from './commands.js';
import { encounterDc } from './encounter-dc.js';
import { buildSlots } from './hooks.js';
import { D20, dc20DiceCount, initiativeDice, initiativeModifier, scoreInitiative } from './initiative.js';
import { enemyOrderOf, enemyTeams, flagsOf, isEnemyTeam, MAX_ENEMY_TEAMS, roleOf } from './members.js';
import { dc20Ext } from './state.js';
import { orderTeamsByFate } from './order.js';
import { individualOutcome, partyOutcome } from './outcomes.js';
import { isDecision, unwrap } from './refusals.js';
import { settle } from './seat.js';
import type { BenefitKind } from './state.js';
import { holderSlot } from './turns.js';
import type { TeamId } from './types.js';
import { mintId } from '../../core/ids.js';

/** A custom Encounter DC beyond this is a typo. */
export const MAX_CUSTOM_DC = 99;
export const SURPRISED = 'Surprised';

type Of<T extends Dc20Command['type']> = Extract<Dc20Command, { type: T }>;

export const gmOnly = (actor: Actor, doing: string): Decision | undefined =>
  actor.role === 'gm' ? undefined : refuse('gm-only', `Only the GM can ${doing}.`);

/** The combatant the actor may act for (the GM: anyone; a player: their own), or the refusal. */
export function ownCombatant(ctx: DecideContext, id: string, doing: string): Combatant | Decision {
  const c = findCombatant(ctx.state, id);
  const mine = ctx.actor.role === 'gm' || ctx.actor.combatantIds.includes(id);
  if (!mine) return refuse('not-your-combatant', `You can only ${doing} for your own character.`);
  return c ?? refuse('unknown-combatant', 'There is no such combatant in this encounter.');
}

export function setEncounterDc(ctx: DecideContext, command: Of<'dc20-set-encounter-dc'>): Decision {
  const denied = gmOnly(ctx.actor, 'set the Encounter DC') ?? requireCommandPhase(ctx, 'dc20-set-encounter-dc', 'set the Encounter DC');
  if (denied) return denied;
  const choice = command.dc;
  if (choice.kind === 'custom' && (!Number.isInteger(choice.dc) || choice.dc < 1 || choice.dc > MAX_CUSTOM_DC)) {
    return refuse('invalid-command', `A custom Encounter DC is a whole number from 1 to ${MAX_CUSTOM_DC}.`);
  }
  const dc = unwrap(encounterDc(choice));
  return isDecision(dc) ? dc : accept([{ type: 'dc20-encounter-dc-set', dc, choice }]);
}

/** [DC20-27] [DC20-28] [DC20-29] Which teams a combatant may join, by its side. */
function teamAllowed(c: Combatant, team: string): boolean {
  switch (c.side) {
    case 'pc':
      return team === 'pc';
    case 'npc':
      return team === 'pc' || team === 'npc';
    case 'enemy':
      return isEnemyTeam(team) && Number(team.slice(6)) <= MAX_ENEMY_TEAMS;
    default: {
      const _exhaustive: never = c.side;
      return _exhaustive;
    }
  }
}

export function setTeam(ctx: DecideContext, command: Of<'dc20-set-team'>): Decision {
  const { state } = ctx;
  const denied = gmOnly(ctx.actor, 'change teams') ?? requireCommandPhase(ctx, 'dc20-set-team', 'change teams');
  if (denied) return denied;
  const c = findCombatant(state, command.combatantId);
  if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
  if (!teamAllowed(c, command.team)) {
    const allowed = c.side === 'pc' ? 'the PC team' : c.side === 'npc' ? "the NPC team or the PC team (an Important NPC)" : `Enemy 1 to Enemy ${MAX_ENEMY_TEAMS}`;
    return refuse('invalid-command', `${c.name} can only be on ${allowed}.`);
  }
  if (state.phase === 'active') {
    const ext = dc20Ext(state);
    if (holderSlot(ext.holders, c.id) !== undefined || state.acted.includes(c.id)) {
      return refuse('invalid-command', `${c.name} already has a turn in this fight: teams change before combat, or for newcomers.`);
    }
    if (!Object.values(ext.slotTeams).includes(command.team)) {
      return refuse('invalid-command', 'That team has no turns in this fight.');
    }
  }
  return accept([{ type: 'dc20-team-set', combatantId: c.id, team: command.team }]);
}

export function orderEnemyTeams(ctx: DecideContext, command: Of<'dc20-order-enemy-teams'>): Decision {
  const denied = gmOnly(ctx.actor, 'order the enemy teams') ?? requireCommandPhase(ctx, 'dc20-order-enemy-teams', 'order the enemy teams');
  if (denied) return denied;
  const teams = enemyTeams(ctx.state);
  const order = command.order;
  if (order.length !== teams.length || new Set(order).size !== order.length || !teams.every((t) => order.includes(t))) {
    return refuse('invalid-command', `List each enemy team once: ${teams.join(', ')}.`);
  }
  return accept([{ type: 'dc20-enemy-teams-ordered', order }]);
}

/** [DC20-27] [DC20-39] One Fate Check per enemy team (a bare d20); equal faces leave the choice to the GM. */
export function fateCheck(ctx: DecideContext): Decision {
  const denied = gmOnly(ctx.actor, 'make Fate Checks') ?? requireCommandPhase(ctx, 'dc20-fate-check', 'make Fate Checks');
  if (denied) return denied;
  const teams = enemyTeams(ctx.state);
  if (teams.length < 2) return refuse('invalid-command', 'There is only one enemy team: nothing to order.');
  let rng = ctx.state.dice.rng;
  const checks = teams.map((team) => {
    const r = rollDie(rng, D20);
    rng = r.rng;
    return { team, face: r.face };
  });
  const ordering = orderTeamsByFate(checks.map((c) => ({ label: c.team, face: c.face })));
  const order = ordering.kind === 'ordered' ? (ordering.order as readonly TeamId[]) : null;
  return accept([{ type: 'dc20-fate-checked', checks, order, rng }]);
}

export function setSurprised(ctx: DecideContext, command: Of<'dc20-set-surprised'>): Decision {
  const { state } = ctx;
  const denied = gmOnly(ctx.actor, 'say who is Surprised') ?? requireCommandPhase(ctx, 'dc20-set-surprised', 'mark creatures Surprised');
  if (denied) return denied;
  const ids = [...new Set(command.combatantIds)];
  if (ids.length === 0) return refuse('invalid-command', 'Name at least one creature.');
  if (ids.some((id) => !findCombatant(state, id))) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
  const d = ids.reduce<Draft>((acc, id) => {
    const marked = dc20Ext(acc.state).surprised[id];
    if (command.surprised && marked === undefined) {
      const condition = { id: mintId(acc.state, 'k', acc.state.nextId), name: SURPRISED, expiry: null };
      return append(acc, { type: 'condition-added', combatantId: id, condition }, { type: 'dc20-surprise-marked', combatantId: id, conditionId: condition.id });
    }
    if (!command.surprised && marked !== undefined) {
      const has = findCombatant(acc.state, id)?.conditions.some((k) => k.id === marked) ?? false;
      return append(acc, ...(has ? [{ type: 'condition-removed', combatantId: id, conditionId: marked } as const] : []), {
        type: 'dc20-surprise-cleared',
        combatantId: id,
      });
    }
    return acc;
  }, draft(ctx));
  if (d.events.length === 0) {
    return refuse('invalid-command', command.surprised ? 'They are Surprised already.' : 'None of them is Surprised.');
  }
  return accept(d.events);
}

const modeCounts = (mode: RollMode): { readonly adv: number; readonly disadv: number } => ({
  adv: mode === 'advantage' ? 1 : 0,
  disadv: mode === 'disadvantage' ? 1 : 0,
});

/** [DC20-6] [DC20-7] [DC20-8] The roll a PC's faces give against the current Encounter DC. */
export function scoreDc20(state: EncounterState, c: Combatant | undefined, faces: readonly DieFace[], adv: number, disadv: number): ScoredRoll {
  const modifier = initiativeModifier(c?.stats ?? {});
  const dc = dc20Ext(state).dc?.value ?? Number.MAX_SAFE_INTEGER;
  const scored = scoreInitiative({ faces: faces.map((f) => f.face), adv, disadv, modifier, dc, source: 'server' });
  if (!scored.ok) throw new Error(`dc20 scoring refused checked faces: ${scored.refusal.message}`);
  const { source: _source, ...roll } = scored.value;
  return roll;
}

export const dc20DiceSpec = (adv: number, disadv: number) => [{ sides: D20, count: dc20DiceCount(adv, disadv) }] as const;

/** The core hooks speak of one ADV or DisADV at most. */
export const hookDice = (mode: RollMode) => {
  const { adv, disadv } = modeCounts(mode);
  return dc20DiceSpec(adv, disadv);
};
export const hookScore = (state: EncounterState, c: Combatant | undefined, faces: readonly DieFace[], mode: RollMode): ScoredRoll => {
  const { adv, disadv } = modeCounts(mode);
  return scoreDc20(state, c, faces, adv, disadv);
};

/** [DC20-5] Only PCs make Initiative Checks (Important NPCs, enemies and NPCs never do). */
function rollingPc(ctx: DecideContext, type: 'dc20-roll-initiative' | 'dc20-enter-initiative', id: string): Combatant | Decision {
  const wrong = requireCommandPhase(ctx, type, 'make an Initiative Check');
  if (wrong) return wrong;
  const c = ownCombatant(ctx, id, 'make an Initiative Check');
  if (isDecision(c)) return c;
  if (roleOf(ctx.state, c) !== 'pc') {
    return refuse('dc20-not-a-pc', `Only PCs make Initiative Checks; the GM places ${c.name} on a turn instead.`);
  }
  if (c.initiative) return refuse('already-rolled', `${c.name} has already made an Initiative Check.`);
  return c;
}

/** [DC20-7] dc20-roll-initiative and dc20-enter-initiative: ADV n / DisADV n, from the generator or real dice. */
export function rollWithAdv(ctx: DecideContext, command: Of<'dc20-roll-initiative'> | Of<'dc20-enter-initiative'>): Decision {
  const c = rollingPc(ctx, command.type, command.combatantId);
  if (isDecision(c)) return c;
  const adv = command.adv ?? 0;
  const disadv = command.disadv ?? 0;
  const counts = unwrap(initiativeDice(adv, disadv));
  if (isDecision(counts)) return counts;
  const specs = dc20DiceSpec(adv, disadv);
  let faces: readonly DieFace[];
  let rng = ctx.state.dice.rng;
  let source: InitiativeRoll['source'] = 'server';
  if (command.type === 'dc20-enter-initiative') {
    const allowed = physicalDiceOf(ctx.state);
    if (allowed === 'off') return refuse('not-supported', 'This encounter takes no physical dice: roll in the app.');
    if (allowed === 'gm' && ctx.actor.role !== 'gm') return refuse('gm-only', 'Only the GM can enter physical dice in this encounter.');
    const read = readFaces(specs, command.faces);
    if (typeof read === 'string') return refuse('invalid-dice', read);
    faces = read;
    source = 'physical';
  } else {
    ({ faces, rng } = rollSpecs(rng, specs));
  }
  const roll: InitiativeRoll = Object.assign({}, scoreDc20(ctx.state, c, faces, adv, disadv), { source }); // not spread: see core/decide/initiative.ts
  return accept([{ type: 'initiative-rolled', unit: { kind: 'combatant', id: c.id }, roll, rng }]);
}

/** Core 'roll-initiative' / 'enter-initiative': refused for anyone but a PC, else the engine rolls. */
export function coreRoll(ctx: DecideContext, command: Extract<Command, { type: 'roll-initiative' | 'enter-initiative' }>): Decision | undefined {
  const ref = command.unit;
  if (ref.kind === 'group') {
    return refuse('dc20-not-a-pc', 'Only PCs make Initiative Checks; the GM places groups of creatures on turns instead.');
  }
  const c = findCombatant(ctx.state, ref.id);
  if (c && roleOf(ctx.state, c) !== 'pc') {
    const name = visibleName(ctx.state, ctx.actor, c.id) ?? 'that creature';
    return refuse('dc20-not-a-pc', `Only PCs make Initiative Checks; the GM places ${name} on a turn instead.`);
  }
  return undefined;
}

/** [DC20-5] The GM calls for initiative once the Encounter DC is set. */
export function beginInitiative(ctx: DecideContext): Decision | undefined {
  const denied = gmOnly(ctx.actor, 'call for initiative');
  if (denied) return denied;
  if (ctx.state.phase === 'setup' && !dc20Ext(ctx.state).dc) {
    return refuse('dc20-dc-missing', 'Set the Encounter DC first: from the table (PC level and difficulty) or a number of your own.');
  }
  return undefined;
}

/** [DC20-5] [DC20-9] [DC20-10] [DC20-11] [DC20-12] [DC20-13] [DC20-14] [DC20-31] 'start-combat'. */
export function startCombat(ctx: DecideContext): Decision {
  const { state } = ctx;
  const denied = gmOnly(ctx.actor, 'start combat') ?? requireCommandPhase(ctx, 'start-combat', 'start combat');
  if (denied) return denied;
  const dc = dc20Ext(state).dc;
  if (!dc) return refuse('dc20-dc-missing', 'Set the Encounter DC first.');
  const flags = flagsOf(state);
  const pcs = state.combatants.filter((c) => !c.defeated && roleOf(state, c) === 'pc');
  const missing = pcs.filter((c) => !c.initiative).map((c) => c.name);
  if (pcs.length > 0 && missing.length > 0) {
    return refuse('initiative-missing', `Still waiting for the Initiative Check of ${listNames(missing)}.`);
  }
  const party = unwrap(partyOutcome(pcs.map((c) => ({ role: 'pc' as const, roll: c.initiative })), dc.value, flags));
  if (isDecision(party)) return party;
  if (!enemyOrderOf(state)) {
    return refuse('dc20-teams-unordered', 'Choose which enemy team goes first (your choice or Fate Checks) before starting combat.');
  }
  const benefits: Record<string, readonly BenefitKind[]> = {};
  for (const c of pcs) {
    const kinds = c.initiative ? individualOutcome(c.initiative, dc.value, flags).map((b) => b.kind) : [];
    if (kinds.length > 0) benefits[c.id] = kinds;
  }
  const decided = append(draft(ctx), { type: 'dc20-initiative-decided', party, benefits });
  let nextId = decided.state.nextId;
  const slots = buildSlots(decided.state, () => mintId(decided.state, 's', nextId++));
  const started = startRound(ctx, append(decided, { type: 'combat-started', slots }), 1);
  return accept(settle(ctx, started).events);
}

/** [DC20-9] The Inspiration Die expires when combat ends. */
export function endTheEncounter(ctx: DecideContext): Decision {
  const denied = gmOnly(ctx.actor, 'end the encounter');
  if (denied) return denied;
  const ended = endEncounter(ctx);
  if (!ended.ok) return ended;
  return accept([{ type: 'dc20-combat-over' }, ...ended.events]);
}

/** Each PC is added alone: PCs roll and claim turns one by one. */
export function addCombatant(ctx: DecideContext, command: Extract<Command, { type: 'add-combatant' }>): Decision | undefined {
  if (ctx.actor.role !== 'gm') return undefined;
  if (command.combatant.side === 'pc' && (command.combatant.count ?? 1) > 1) {
    return refuse('invalid-command', 'Add each PC on their own: PCs make their own Initiative Checks and claim their own turns.');
  }
  return undefined;
}
