// Who may take the open slot now up, as far as a page sees: the system's own answer where its profile
// has one (registry), else the rules' usual candidates.
import { openCandidates } from '@roundkeeper/rules/core';
import type { EncounterView } from '@roundkeeper/rules';
import { basicsOf } from './basics.js';
import type { FillOption } from './types.js';
import { openSlotNow } from '../lib/open-slot-now.js';

/**
 * Who could fill the open slot now up, as far as this audience sees: the system's own answer where it
 * has one (genesys: its candidates), else the rules' usual candidates (`openCandidates`), one each.
 * The rules decide; this only offers.
 */
export function fillOptions(view: EncounterView): FillOption[] {
  const slot = openSlotNow(view);
  if (!slot) return [];
  const own = basicsOf(view.system).fillOptions?.(view, slot);
  if (own) return own;
  const names = new Map(view.combatants.map((c) => [c.id, c.name]));
  return openCandidates(view, slot.side).map((id) => ({ label: names.get(id) ?? id, combatantIds: [id] }));
}

/** The options a player may take: all of whose combatants are theirs; none where the system's own panel offers the claim. */
export const myFillOptions = (view: EncounterView): FillOption[] => {
  if (basicsOf(view.system).ownClaim?.(view)) return [];
  const mine = new Set(view.combatants.filter((c) => c.mine).map((c) => c.id));
  return fillOptions(view).filter((o) => o.combatantIds.every((id) => mine.has(id)));
};

