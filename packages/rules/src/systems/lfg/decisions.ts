// What the table must decide in an lfg encounter, derived from the state: the engine never picks a
// roller, rolls a check or answers a retreat on its own. Blocking decisions hold 'end-turn'.
import type { CombatantId, EncounterState } from '../../core/model.js';
import { canRoll, rollCandidates } from './lookup.js';
import { moraleTally } from './morale-flow.js';
import { lfgExt } from './state.js';
import { rotatedFirstRoller } from './rounds.js';
import type { MoraleTrigger } from './types.js';

export type LfgDecision =
  /** [LFG-8] [LFG-9] Which PC rolls: 'lfg-set-roller' (or that PC's 'roll-initiative'). Blocking once combat waits on it. */
  | { readonly kind: 'choose-roller'; readonly blocking: boolean; readonly candidates: readonly CombatantId[] }
  /** [LFG-6] [LFG-7] The roller rolls: 'roll-initiative' or 'enter-initiative' for `rollerId`. */
  | { readonly kind: 'party-initiative'; readonly blocking: true; readonly round: number; readonly rollerId: CombatantId }
  /** [LFG-5] The GM may give one side a free round before combat: 'lfg-declare-surprise' (default none). */
  | { readonly kind: 'declare-surprise'; readonly blocking: false }
  /** [LFG-26] The GM answers the party's plan: 'lfg-answer-retreat'. */
  | { readonly kind: 'approve-retreat'; readonly blocking: true; readonly round: number }
  /** [LFG-27] The GM says whether these PCs may flee alone: 'lfg-permit-flight'. */
  | { readonly kind: 'permit-flight'; readonly blocking: true; readonly combatantIds: readonly CombatantId[] }
  /** [LFG-20] The GM calls a check ('lfg-call-morale' with the suggestion's id) or not ('lfg-dismiss-morale'). */
  | {
      readonly kind: 'morale-suggested';
      readonly blocking: false;
      readonly suggestionId: string;
      readonly triggers: readonly MoraleTrigger[];
      readonly combatantIds: readonly CombatantId[];
      /** Of the fellows the trigger counts (their kind; their side when a leader fell): how many are down, of how many. */
      readonly down: number;
      readonly of: number;
    }
  /** [LFG-16] A readied action waits for its trigger: the GM sends 'lfg-trigger-ready' when it comes. */
  | { readonly kind: 'readied-action'; readonly blocking: false; readonly combatantId: CombatantId; readonly trigger: string };

export type LfgDecisionKind = LfgDecision['kind'];

/** [LFG-8] [LFG-9] Whether the table must still choose who rolls (players may then name their own PC). */
export function rollerUndecided(state: EncounterState): boolean {
  const ext = lfgExt(state);
  if (state.phase === 'active') return ext.awaitingCheck && (ext.roller === null || !canRoll(state, ext.roller)) && rollCandidates(state).length > 0;
  if (state.phase !== 'setup' && state.phase !== 'initiative') return false;
  return ext.check === null && ext.nominated === null && rotatedFirstRoller(state) === null && rollCandidates(state).length > 0;
}

export function lfgDecisions(state: EncounterState): readonly LfgDecision[] {
  const ext = lfgExt(state);
  const out: LfgDecision[] = [];
  if (rollerUndecided(state)) {
    out.push({ kind: 'choose-roller', blocking: state.phase === 'active', candidates: rollCandidates(state) });
  } else if (state.phase === 'active' && ext.awaitingCheck && ext.roller !== null) {
    out.push({ kind: 'party-initiative', blocking: true, round: state.round, rollerId: ext.roller });
  }
  if ((state.phase === 'setup' || state.phase === 'initiative') && ext.surprise === null && ext.check === null) {
    out.push({ kind: 'declare-surprise', blocking: false });
  }
  if (state.phase !== 'active') return out;
  const retreat = ext.retreat;
  if (retreat?.status === 'proposed') out.push({ kind: 'approve-retreat', blocking: true, round: retreat.round });
  if (retreat?.status === 'failed' && retreat.permitPending) {
    out.push({ kind: 'permit-flight', blocking: true, combatantIds: retreat.successes });
  }
  for (const s of ext.suggestions) {
    const tally = moraleTally(state, s.members, !s.triggers.includes('leader-down'));
    out.push({ kind: 'morale-suggested', blocking: false, suggestionId: s.id, triggers: s.triggers, combatantIds: s.members, ...tally });
  }
  for (const r of ext.readied) out.push({ kind: 'readied-action', blocking: false, combatantId: r.combatantId, trigger: r.trigger });
  return out;
}

const SENTENCES: Readonly<Record<LfgDecisionKind, string>> = {
  'choose-roller': "Choose which PC rolls the party's Initiative check first.",
  'party-initiative': "Roll the party's Initiative check first.",
  'declare-surprise': 'The GM may declare surprise.',
  'approve-retreat': "The GM must answer the party's retreat first.",
  'permit-flight': 'The GM must decide first whether the PCs who succeeded may flee alone.',
  'morale-suggested': 'The GM may call a morale check.',
  'readied-action': 'A readied action waits for its trigger.',
};

/** The first blocking decision's sentence, for the 'decision-pending' refusal. */
export function blockingSentence(state: EncounterState): string | undefined {
  const first = lfgDecisions(state).find((d) => d.blocking);
  return first ? SENTENCES[first.kind] : undefined;
}
