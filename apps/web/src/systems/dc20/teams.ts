// dc20 words for teams and benefits, shared by its panels and the order's tags.
import type { EncounterView, SlotView } from '@roundkeeper/rules';

type Dc20Ext = Extract<NonNullable<EncounterView['ext']>, { system: 'dc20' }>;
export type { Dc20Ext };

export const dc20ExtOf = (view: EncounterView): Dc20Ext | null => (view.ext?.system === 'dc20' ? view.ext : null);

/** [DC20-1] [DC20-27] "PC", "Enemy 1", "NPC". */
export function teamName(team: string): string {
  if (team === 'pc') return 'PC';
  if (team === 'npc') return 'NPC';
  const n = /^enemy-(\d+)$/.exec(team)?.[1];
  return n ? `Enemy ${n}` : team;
}

/** The team of a slot's turn ("PC turn", "Enemy 2 turn"). */
export function dc20TeamTag(view: EncounterView, slot: SlotView): string | null {
  const turn = dc20ExtOf(view)?.turns.find((t) => t.slotId === slot.id);
  return turn ? `${teamName(turn.team)} turn` : null;
}

/** [DC20-9] [DC20-10] [DC20-11] What an Initiative Check left a PC holding. */
export const BENEFIT_WORDS: Readonly<Record<string, string>> = {
  'inspiration-die': 'Inspiration Die (d6, this combat)',
  'first-round-adv': 'ADV on 1 Check or Save in round 1',
  'first-attack-against-has-adv': 'First attack against you in round 1 has ADV',
};

/**
 * [DC20-18] [DC20-26] What the GM's list says of an enemy turn: while the turn is up and waiting for the
 * GM to place someone (its `assign-turn`), it is open, whoever held it before (a creature defeated or
 * moved since keeps no claim on it); otherwise who holds it, a defeated one marked so.
 */
export function enemyTurnHolders(view: EncounterView, slotId: string): string {
  const ext = dc20ExtOf(view);
  const waiting = ext?.pending.some((p) => p.kind === 'assign-turn' && p.slotId === slotId) ?? false;
  if (waiting) return 'open: choose who acts';
  const holders = ext?.turns.find((t) => t.slotId === slotId)?.holders ?? [];
  if (holders.length === 0) return 'empty';
  return holders
    .map((id) => {
      const c = view.combatants.find((x) => x.id === id);
      return c ? `${c.name}${c.defeated ? ' (defeated)' : ''}` : '?';
    })
    .join(', ');
}
