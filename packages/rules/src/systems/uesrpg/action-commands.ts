// [UES-19] – [UES-29] Declaring actions during combat: the pure rules of actions.ts and extended.ts
// applied to the encounter, as AP spent ('resource-changed') plus uesrpg's own facts.
import { UESRPG_COMMAND_PHASES } from './phases.js';
import type { Actor, Command } from '../../core/commands.js';
import { accept, refuse, requirePhase, visibleName } from '../../core/decide/context.js';
import type { EncounterEvent } from '../../core/events.js';
import type { Combatant, EncounterState } from '../../core/model.js';
import type { Decision } from '../../core/system.js';
import { findCombatant } from '../../core/units.js';
import { checkAction, resolveAction, takenAsReaction } from './actions.js';
import { abandonExtended, continueExtended } from './extended.js';
import { apPool, rulesView } from './ext-state.js';
import { uesrpgExt } from './state.js';
import type { DeclaredAction } from './state.js';
import { ACTION_KINDS, AP_RESOURCE, type ActionContext, type Checked } from './types.js';
import { mintId } from '../../core/ids.js';

/** The dearest action one may declare (an extended action may cost more than a round's AP). */
export const MAX_ACTION_COST = 30;
export const MAX_ACTION_LABEL = 60;
export const MAX_THREAT_ID = 64;

type Declare = Extract<Command, { type: 'uesrpg-declare-action' }>;

const fromChecked = (checked: Extract<Checked<unknown>, { ok: false }>): Decision => refuse(checked.violation.code, checked.violation.message);

/** The combatant the actor may act for, in combat and standing, or the refusal. */
function acting(
  state: EncounterState,
  actor: Actor,
  type: 'uesrpg-declare-action' | 'uesrpg-continue-extended' | 'uesrpg-abandon-extended',
  combatantId: string,
  doing: string,
): Combatant | Decision {
  const wrong = requirePhase(state, UESRPG_COMMAND_PHASES[type], doing);
  if (wrong) return wrong;
  const c = findCombatant(state, combatantId);
  if (actor.role === 'player' && !actor.combatantIds.includes(combatantId)) {
    return refuse('not-your-combatant', 'You can only act for your own characters.');
  }
  if (!c) return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
  if (c.defeated) return refuse('not-eligible', `${c.name} is defeated and cannot act.`);
  return c;
}

function context(state: EncounterState, c: Combatant): ActionContext {
  return { ownTurn: state.turn?.actorIds.includes(c.id) ?? false, openActionId: uesrpgExt(state).openAction?.id ?? null };
}

const spend = (c: Combatant, amount: number): readonly EncounterEvent[] => {
  const pool = apPool(c);
  return amount > 0 ? [{ type: 'resource-changed', combatantId: c.id, resource: AP_RESOURCE, current: pool.current - amount, max: pool.max }] : [];
};

export function declareAction(state: EncounterState, actor: Actor, command: Declare): Decision {
  const c = acting(state, actor, 'uesrpg-declare-action', command.combatantId, 'declare actions');
  if ('ok' in c) return c;
  const label = command.label.trim();
  if (label === '' || label.length > MAX_ACTION_LABEL) {
    return refuse('invalid-action', `Name the action in 1 to ${MAX_ACTION_LABEL} characters.`);
  }
  if (!ACTION_KINDS.includes(command.kind)) return refuse('invalid-action', `An action is one of: ${ACTION_KINDS.join(', ')}.`);
  if (!Number.isInteger(command.cost) || command.cost < 0 || command.cost > MAX_ACTION_COST) {
    return refuse('invalid-action', `An action costs a whole number of AP from 0 to ${MAX_ACTION_COST}.`);
  }
  const threatId = command.threatId?.trim();
  if (threatId !== undefined && (threatId === '' || threatId.length > MAX_THREAT_ID)) {
    return refuse('invalid-action', `A threat is named in 1 to ${MAX_THREAT_ID} characters.`);
  }
  const id = mintId(state, 'a', state.nextId);
  const declaration = { id, kind: command.kind, cost: command.cost, label, special: command.special ?? false, ...(threatId ? { threatId } : {}) };
  const ctx = context(state, c);
  const before = rulesView(state, c);
  const checked = checkAction(before, declaration, ctx);
  if (!checked.ok) return fromChecked(checked);
  const outcome = checked.value;
  const startsExtended = before.extended === null && outcome.combatant.extended !== null;
  const asReaction = takenAsReaction(declaration, ctx);
  const action: DeclaredAction = {
    id,
    combatantId: c.id,
    kind: command.kind,
    label,
    spent: outcome.spent,
    special: declaration.special,
    threatId: asReaction ? (threatId ?? null) : null,
    asReaction,
    extended: startsExtended,
  };
  return accept([
    ...spend(c, outcome.spent),
    { type: 'uesrpg-action-declared', action, opens: outcome.opens !== null, extendedCost: startsExtended ? command.cost : null },
  ]);
}

/** [UES-29] The declarer's player or the GM says the action and its reactions are resolved. */
export function resolveOpenAction(state: EncounterState, actor: Actor, actionId: string): Decision {
  const wrong = requirePhase(state, UESRPG_COMMAND_PHASES['uesrpg-resolve-action'], 'resolve an action');
  if (wrong) return wrong;
  const open = uesrpgExt(state).openAction;
  const checked = resolveAction(open?.id ?? null, actionId);
  if (!checked.ok || !open) return refuse('invalid-command', 'That action is not the one waiting for reactions.');
  if (actor.role === 'player' && !actor.combatantIds.includes(open.combatantId)) {
    return refuse('not-your-combatant', 'Only the GM or the player who declared it can close this action.');
  }
  return accept([{ type: 'uesrpg-action-resolved', actionId }]);
}

export function continueExtendedAction(state: EncounterState, actor: Actor, combatantId: string): Decision {
  const c = acting(state, actor, 'uesrpg-continue-extended', combatantId, 'continue an extended action');
  if ('ok' in c) return c;
  const checked = continueExtended(rulesView(state, c), context(state, c));
  if (!checked.ok) return fromChecked(checked);
  const actionId = rulesView(state, c).extended?.id ?? '';
  const { spent, completed } = checked.value;
  return accept([...spend(c, spent), { type: 'uesrpg-extended-continued', combatantId: c.id, actionId, spent, completed }]);
}

export function abandonExtendedAction(state: EncounterState, actor: Actor, combatantId: string): Decision {
  const c = acting(state, actor, 'uesrpg-abandon-extended', combatantId, 'abandon an extended action');
  if ('ok' in c) return c;
  const before = rulesView(state, c).extended;
  const checked = abandonExtended(rulesView(state, c));
  if (!checked.ok || !before) return refuse('no-extended-action', `${c.name} has no extended action in progress.`);
  return accept([{ type: 'uesrpg-extended-abandoned', combatantId: c.id, actionId: before.id }]);
}

/** [UES-29] 'end-turn' waits while the active character's action is open; undefined: not held. */
export function holdsTurn(state: EncounterState, actor: Actor): Decision | undefined {
  const open = uesrpgExt(state).openAction;
  if (state.phase !== 'active' || !open || !state.turn?.actorIds.includes(open.combatantId)) return undefined;
  const declarer = findCombatant(state, open.combatantId);
  if (!declarer || declarer.defeated) return undefined;
  const who = visibleName(state, actor, declarer.id);
  const what = who ? `${who}'s "${open.label}"` : 'the declared action';
  return refuse('action-unresolved', `Resolve ${what} and the reactions to it before ending the turn.`);
}
