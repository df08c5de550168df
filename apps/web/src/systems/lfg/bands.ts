// lfg words for bands and outcomes, shared by its panels and the order's tags.
import type { EncounterView, SlotView } from '@roundkeeper/rules';

type LfgExt = Extract<NonNullable<EncounterView['ext']>, { system: 'lfg' }>;
export type { LfgExt };

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
