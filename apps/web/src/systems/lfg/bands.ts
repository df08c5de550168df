// lfg words for bands and outcomes, shared by its panels and the order's tags.
import type { EncounterView, SlotView } from '@roundkeeper/rules';

type LfgExt = Extract<NonNullable<EncounterView['ext']>, { system: 'lfg' }>;
export type { LfgExt };
type ReadyOutcome = NonNullable<LfgExt['lastReady']>;
type RallyOutcome = NonNullable<LfgExt['lastRally']>;
type CheckResult = RallyOutcome['check'];

export const lfgExtOf = (view: EncounterView): LfgExt | null => (view.ext?.system === 'lfg' ? view.ext : null);

/** [LFG-11] */
export const BAND_WORDS: Readonly<Record<string, string>> = {
  'bosses-and-heavies': 'Bosses & Heavies',
  party: 'Party',
  'other-enemies': 'Other enemies',
  'all-enemies': 'Enemies',
};

export const OUTCOME_WORDS: Readonly<Record<string, string>> = {
  'critical-success': 'Great Success: the party acts before all enemies',
  success: 'Success: Bosses and Heavies, then the party, then the others',
  failure: 'Failure: all enemies act before the party',
  'critical-failure': 'Failure: all enemies act before the party',
};

export function lfgBandTag(view: EncounterView, slot: SlotView): string | null {
  const band = lfgExtOf(view)?.slotBands[slot.id];
  return band ? (BAND_WORDS[band] ?? band) : null;
}

/** [LFG-1] [LFG-2] A roll-under check's outcome in words (a Great Success is the rules' 'critical-success'). */
const CHECK_WORDS: Readonly<Record<string, string>> = {
  'critical-success': 'Great Success',
  success: 'success',
  failure: 'failure',
  'critical-failure': 'failure',
};

/** One check as the table reads it: "d20 4 vs 12, Great Success" ("d20 4 / 17, kept 4 …" with a mode). */
export function describeCheck(check: CheckResult): string {
  const faces = check.faces.length > 1 ? `${check.faces.join(' / ')}, kept ${check.kept}` : String(check.kept);
  return `d20 ${faces} vs ${check.target}, ${CHECK_WORDS[check.outcome] ?? check.outcome}`;
}

/** [LFG-16] Who went first when a readied action's trigger came. */
export const READY_WORDS: Readonly<Record<ReadyOutcome['order'], string>> = {
  simultaneous: 'both at once',
  'readier-first': 'the readied action goes first',
  'trigger-first': 'the trigger goes first',
  'gm-decides': 'the GM decides who goes first',
};

/** [LFG-25] */
export const RALLY_WORDS: Readonly<Record<RallyOutcome['result'], string>> = {
  rallied: 'rallied, back in the fight',
  recheck: 'another morale check',
  'not-rallied': 'not rallied',
};
