// [ENG-25]…[ENG-29] [ENG-31] [ENG-33] apply-damage, apply-healing, set-max-health, set-temp-health:
// one fact for all the targets of a command (an area effect is one command and one undo), each target
// with its health before and after; then the system's own facts, the defeats that follow, and the
// system's reactions to those defeats.
import type { Actor, Command, DamageTarget } from '../commands.js';
import type { HealthChange } from '../events.js';
import { damaged, defaultTrack, healed, tracksOf, withMax, withTemp } from '../health/math.js';
import { MAX_HEALTH, type Health, type HealthTrack } from '../health/model.js';
import { healthOptionsOf } from '../health/options.js';
import { healthMetaOf, hpFloorOf, poolOf } from '../health/rules.js';
import type { Combatant, CombatantId, EncounterState, GroupId, UnitRef } from '../model.js';
import type { Decision, HealthEvent, InitiativeSystem } from '../system.js';
import { groupMembers, unitKey } from '../units.js';
import { accept, append, draft, refuse, requireCommandPhase, type DecideContext } from './context.js';
import { settleDefeats, type Touched } from './defeats.js';
import { healthAmountFits, namedTargets } from './health-targets.js';

type Damage = Extract<Command, { type: 'apply-damage' }>;
type Healing = Extract<Command, { type: 'apply-healing' }>;
type SetMax = Extract<Command, { type: 'set-max-health' }>;
type SetTemp = Extract<Command, { type: 'set-temp-health' }>;

/** One named combatant with what the command does to it. */
interface Aim {
  readonly c: Combatant;
  readonly amount: number;
  readonly critical?: boolean;
}

/** Whose health a combatant's changes go to: its own, or its group's pool. */
function subjectOf(ctx: DecideContext, c: Combatant): { readonly ref: UnitRef; readonly name: string; readonly health: Health | null; readonly pool?: GroupId } {
  const pool = poolOf(ctx.system, ctx.state, c);
  return pool
    ? { ref: { kind: 'group', id: pool.id }, name: pool.name, health: pool.health, pool: pool.id }
    : { ref: { kind: 'combatant', id: c.id }, name: c.name, health: c.health };
}

/** [ENG-28] Players damage and heal their own characters while the GM allows it. */
function checkPlayers(state: EncounterState, actor: Actor): Decision | undefined {
  if (actor.role === 'gm' || healthOptionsOf(state).playersDamageHeal) return undefined;
  return refuse('gm-only', 'Only the GM applies damage and healing in this encounter.');
}

function checkTrack(ctx: DecideContext, track: HealthTrack | undefined): HealthTrack | Decision {
  const form = healthMetaOf(ctx.system).form;
  const chosen = track ?? defaultTrack(form);
  const tracks = tracksOf(form);
  if (tracks.includes(chosen)) return chosen;
  return refuse('invalid-command', `${ctx.system.shortLabel} counts ${tracks.join(' and ')}, not ${chosen}.`);
}

const isDecision = <T>(x: T | Decision): x is Decision => typeof x === 'object' && x !== null && 'ok' in x;

/**
 * Builds the fact: each target's health changed by `change`, in order (two members of one pool see
 * each other's change), then the system's facts and the defeats that follow.
 */
function applyAll(
  ctx: DecideContext,
  aims: readonly Aim[],
  make: (targets: readonly HealthChange[]) => HealthEvent,
  change: (health: Health | null, aim: Aim) => Health | string,
): Decision {
  const current = new Map<string, Health | null>();
  const targets: HealthChange[] = [];
  const combatants: CombatantId[] = [];
  const pools = new Map<GroupId, CombatantId[]>();
  for (const aim of aims) {
    const subject = subjectOf(ctx, aim.c);
    const key = unitKey(subject.ref);
    const before = current.has(key) ? (current.get(key) ?? null) : subject.health;
    const after = change(before, aim);
    if (typeof after === 'string') return refuse(before === null ? 'no-health' : 'invalid-command', `${subject.name} ${after}`);
    current.set(key, after);
    targets.push({ target: subject.ref, combatantId: aim.c.id, amount: aim.amount, ...(aim.critical ? { critical: true } : {}), before, after });
    if (subject.pool) pools.set(subject.pool, [...(pools.get(subject.pool) ?? []), aim.c.id]);
    else combatants.push(aim.c.id);
  }
  const event = make(targets);
  const d = append(draft(ctx), event);
  const followed = append(d, ...(ctx.system.afterHealth?.(d.state, event) ?? []));
  const touched: Touched = { combatants, pools: [...pools].map(([groupId, named]) => ({ groupId, named })) };
  return accept(settleDefeats(ctx.system, ctx.state, followed, touched).events);
}

const NO_HEALTH = 'has no health to track yet: give it a maximum first.';

/**
 * [ENG-31] [GEN-38] A pool holds every member's threshold worth of wounds and the one wound past it that
 * puts the last member down: more could never be healed away visibly.
 */
export function capPool(system: InitiativeSystem, state: EncounterState, c: Combatant, health: Health): Health {
  const pool = poolOf(system, state, c);
  if (!pool || health.kind !== 'wounds') return health;
  return { ...health, wounds: Math.min(health.wounds, health.threshold * groupMembers(state, pool.id).length + 1) };
}

/** Everything a damage or healing command checks before it changes anything. */
function prepare(ctx: DecideContext, command: Damage | Healing, doing: string, noun: string): { aims: readonly Aim[]; track: HealthTrack } | Decision {
  const wrong = requireCommandPhase(ctx, command.type, doing);
  if (wrong) return wrong;
  const notAllowed = checkPlayers(ctx.state, ctx.actor);
  if (notAllowed) return notAllowed;
  if (command.targets.some((t) => !healthAmountFits(t.amount, 1))) {
    return refuse('invalid-health', `${noun} is a whole number from 1 to ${MAX_HEALTH}.`);
  }
  const track = checkTrack(ctx, command.track);
  if (isDecision(track)) return track;
  // Healing targets are damage targets that are never critical.
  const targets: readonly DamageTarget[] = command.targets;
  const aims = namedTargets(ctx.state, ctx.actor, targets, 'damage or heal');
  if (isDecision(aims)) return aims;
  const refused = ctx.system.checkHealth?.(ctx.state, command, ctx.actor);
  return refused ? { ok: false, violation: refused } : { aims, track };
}

export function applyDamage(ctx: DecideContext, command: Damage): Decision {
  const ready = prepare(ctx, command, 'apply damage', 'Damage');
  if (isDecision(ready)) return ready;
  const { aims, track } = ready;
  return applyAll(
    ctx,
    aims,
    (targets) => ({ type: 'damage-applied', track, targets }),
    (health, aim) => (health === null ? NO_HEALTH : capPool(ctx.system, ctx.state, aim.c, damaged(health, aim.amount, track, hpFloorOf(ctx.system, ctx.state, aim.c)))),
  );
}

export function applyHealing(ctx: DecideContext, command: Healing): Decision {
  const ready = prepare(ctx, command, 'heal', 'Healing');
  if (isDecision(ready)) return ready;
  const { aims, track } = ready;
  return applyAll(
    ctx,
    aims,
    (targets) => ({ type: 'healing-applied', track, targets }),
    (health, aim) => (health === null ? NO_HEALTH : healed(health, aim.amount, track)),
  );
}

export function setMaxHealth(ctx: DecideContext, command: SetMax): Decision {
  const wrong = requireCommandPhase(ctx, 'set-max-health', 'set health');
  if (wrong) return wrong;
  if (!healthAmountFits(command.max, 1)) return refuse('invalid-health', `A maximum is a whole number from 1 to ${MAX_HEALTH}.`);
  const track = checkTrack(ctx, command.track);
  if (isDecision(track)) return track;
  const named = namedTargets(ctx.state, ctx.actor, command.combatantIds.map((combatantId) => ({ combatantId, amount: command.max })), 'set the health of');
  if (isDecision(named)) return named;
  if (track === 'strain' && named.some(({ c }) => poolOf(ctx.system, ctx.state, c))) {
    return refuse('invalid-command', 'A group sharing one pool has no strain threshold: strain it suffers is taken as wounds.');
  }
  const refused = ctx.system.checkHealth?.(ctx.state, command, ctx.actor);
  if (refused) return { ok: false, violation: refused };
  const form = healthMetaOf(ctx.system).form;
  return applyAll(
    ctx,
    named,
    (targets) => ({ type: 'max-health-set', track, targets }),
    (health) => withMax(health, form, command.max, track) ?? 'needs a wound threshold before a strain threshold.',
  );
}

export function setTempHealth(ctx: DecideContext, command: SetTemp): Decision {
  const wrong = requireCommandPhase(ctx, 'set-temp-health', 'give temporary hit points');
  if (wrong) return wrong;
  const form = healthMetaOf(ctx.system).form;
  if (form.kind !== 'hit-points' || !form.temp) return refuse('not-supported', `${ctx.system.shortLabel} has no temporary hit points.`);
  if (command.targets.some((t) => !healthAmountFits(t.amount, 0))) {
    return refuse('invalid-health', `Temporary hit points are a whole number from 0 to ${MAX_HEALTH}.`);
  }
  const named = namedTargets(ctx.state, ctx.actor, command.targets, 'give temporary hit points to');
  if (isDecision(named)) return named;
  const refused = ctx.system.checkHealth?.(ctx.state, command, ctx.actor);
  if (refused) return { ok: false, violation: refused };
  return applyAll(
    ctx,
    named,
    (targets) => ({ type: 'temp-health-set', targets }),
    (health, aim) => (health === null ? NO_HEALTH : health.kind === 'hit-points' ? withTemp(health, aim.amount) : 'has no temporary hit points.'),
  );
}
