// dc20's `evolve` hook: applies its own events. Facts only: faces and the generator state come in
// the events, and what a rule derives (a re-scored outcome, a moved holder) follows from them alone.
import type { CombatantId, EncounterState } from '../../core/model.js';
import type { SystemEvent } from '../../core/system-types.js';
import type { Dc20Event } from './events.js';
import { checkOutcome } from './initiative.js';
import { dc20Ext } from './state.js';
import type { BenefitKind, Dc20Ext } from './state.js';
import { moveToTurn } from './turns.js';

const FIRST_ROUND_BENEFITS: readonly BenefitKind[] = ['first-round-adv', 'first-attack-against-has-adv'];

const withExt = (state: EncounterState, change: Partial<Dc20Ext>): EncounterState => ({
  ...state,
  ext: { ...dc20Ext(state), ...change },
});

const without = <T>(record: Readonly<Record<string, T>>, ids: readonly string[]): Record<string, T> =>
  Object.fromEntries(Object.entries(record).filter(([id]) => !ids.includes(id)));

function benefitsWithout(ext: Dc20Ext, keep: (id: CombatantId, kind: BenefitKind) => boolean): Dc20Ext['benefits'] {
  const next: Record<CombatantId, readonly BenefitKind[]> = {};
  for (const [id, kinds] of Object.entries(ext.benefits)) {
    const left = kinds.filter((k) => keep(id, k));
    if (left.length > 0) next[id] = left;
  }
  return next;
}

/** [DC20-2] A new DC re-scores the PCs' checks already made (the faces and totals stay). */
function rescore(state: EncounterState, dc: number): EncounterState {
  return {
    ...state,
    combatants: state.combatants.map((c) =>
      c.side === 'pc' && c.initiative ? { ...c, initiative: { ...c.initiative, outcome: checkOutcome(c.initiative.kept, c.initiative.total, dc) } } : c,
    ),
  };
}

function apply(state: EncounterState, event: Dc20Event): EncounterState {
  const ext = dc20Ext(state);
  switch (event.type) {
    case 'dc20-encounter-dc-set':
      return withExt(rescore(state, event.dc), { dc: { value: event.dc, choice: event.choice } });
    case 'dc20-team-set':
      return withExt(state, { teams: { ...ext.teams, [event.combatantId]: event.team } });
    case 'dc20-enemy-teams-ordered':
      return withExt(state, { enemyOrder: event.order });
    case 'dc20-fate-checked':
      return { ...withExt(state, { fate: event.checks, enemyOrder: event.order }), dice: { ...state.dice, rng: event.rng } };
    case 'dc20-surprise-marked':
      return withExt(state, { surprised: { ...ext.surprised, [event.combatantId]: event.conditionId } });
    case 'dc20-surprise-cleared':
      return withExt(state, { surprised: without(ext.surprised, [event.combatantId]) });
    case 'dc20-initiative-decided':
      return withExt(state, { party: event.party, benefits: event.benefits });
    case 'dc20-turns-labelled':
      return withExt(state, { slotTeams: { ...ext.slotTeams, ...event.slotTeams } });
    case 'dc20-claims-answered': {
      const previous = ext.claims?.slotId === event.slotId ? ext.claims.answers : {};
      return withExt(state, { claims: { slotId: event.slotId, answers: { ...previous, ...event.answers }, tied: null } });
    }
    case 'dc20-claim-tied':
      return withExt(state, { claims: { slotId: event.slotId, answers: ext.claims?.answers ?? {}, tied: event.tied } });
    case 'dc20-seated':
      return withExt(state, {
        holders: moveToTurn(ext.holders, event.slotId, event.combatantIds),
        claims: ext.claims?.slotId === event.slotId ? null : ext.claims,
      });
    case 'dc20-part-ended':
      return withExt(state, { done: [...ext.done, ...event.combatantIds.filter((id) => !ext.done.includes(id))] });
    case 'dc20-merge-offered':
      return withExt(state, { mergeOffer: { pcSlotId: event.pcSlotId, teams: event.teams } });
    case 'dc20-turns-merged': {
      const teams = (ext.mergeOffer?.teams ?? []).filter((t) => t !== event.team);
      const moved = ext.holders[event.fromSlotId] ?? [];
      return withExt(state, {
        holders: moveToTurn(ext.holders, event.toSlotId, moved),
        mergeOffer: ext.mergeOffer && teams.length > 0 ? { ...ext.mergeOffer, teams } : null,
      });
    }
    case 'dc20-merge-declined':
      return withExt(state, { mergeOffer: null });
    case 'dc20-turn-delayed': {
      const turn = state.turn;
      return {
        ...withExt(state, {
          holders: moveToTurn(ext.holders, event.toSlotId, [event.combatantId]),
          slotTeams: { ...ext.slotTeams, [event.toSlotId]: 'pc' },
          deferred: ext.deferred.includes(event.combatantId) ? ext.deferred : [...ext.deferred, event.combatantId],
          done: ext.done.filter((id) => id !== event.combatantId),
        }),
        turn: turn && turn.slotId === event.fromSlotId ? { ...turn, actorIds: turn.actorIds.filter((id) => id !== event.combatantId) } : turn,
      };
    }
    case 'dc20-turn-wrapped':
      return withExt(state, {
        surprised: without(ext.surprised, event.actorIds),
        deferred: ext.deferred.filter((id) => !event.actorIds.includes(id)),
        done: [],
        mergeOffer: null,
        claims: null,
        lapWindow: ext.lapWindow + (event.pcTurn ? 1 : 0),
      });
    case 'dc20-round-wrapped':
      return withExt(state, {
        lapWindow: 0,
        lapSpent: {},
        leftoverLap: null,
        benefits: event.round === 1 ? benefitsWithout(ext, (_id, k) => !FIRST_ROUND_BENEFITS.includes(k)) : ext.benefits,
      });
    case 'dc20-lap-set':
      return withExt(state, { lapPerTurn: { ...ext.lapPerTurn, [event.combatantId]: event.perTurn } });
    case 'dc20-lap-spent': {
      if (event.window === 'round-end') {
        const open = (ext.leftoverLap?.open ?? []).filter((id) => id !== event.combatantId);
        return withExt(state, { leftoverLap: ext.leftoverLap ? { ...ext.leftoverLap, open } : null });
      }
      const before = ext.lapSpent[event.combatantId];
      const amount = (before?.window === event.window ? before.amount : 0) + event.amount;
      return withExt(state, { lapSpent: { ...ext.lapSpent, [event.combatantId]: { window: event.window, amount } } });
    }
    case 'dc20-leftover-lap-opened':
      return withExt(state, { leftoverLap: { round: event.round, open: event.combatantIds } });
    case 'dc20-lap-passed': {
      const open = (ext.leftoverLap?.open ?? []).filter((id) => id !== event.combatantId);
      return withExt(state, { leftoverLap: ext.leftoverLap ? { ...ext.leftoverLap, open } : null });
    }
    case 'dc20-leftover-lap-closed':
      return withExt(state, { leftoverLap: null, leftoverDone: event.round });
    case 'dc20-inspiration-used': {
      const next = withExt(state, {
        benefits: benefitsWithout(ext, (id, k) => id !== event.combatantId || k !== 'inspiration-die'),
        inspirationRolls: { ...ext.inspirationRolls, [event.combatantId]: event.face },
      });
      return event.rng ? { ...next, dice: { ...state.dice, rng: event.rng } } : next;
    }
    case 'dc20-benefit-used':
      return withExt(state, { benefits: benefitsWithout(ext, (id, k) => id !== event.combatantId || k !== event.kind) });
    case 'dc20-combat-over':
      return withExt(state, { benefits: {}, claims: null, mergeOffer: null, leftoverLap: null });
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

const DC20_EVENT_PREFIX = 'dc20-';

/** Only dc20's events: anything else is not ours (the engine then throws, on purpose). */
export function evolveDc20(state: EncounterState, event: SystemEvent): EncounterState | undefined {
  if (state.ext.system !== 'dc20' || !event.type.startsWith(DC20_EVENT_PREFIX)) return undefined;
  return apply(state, event as Dc20Event);
}
