// [LFG-33] What a combatant has left of its turn, in words, and which spends the rules would accept.
import type { LfgExt } from './bands.js';

export type TurnLeft = NonNullable<LfgExt['turnLeft']>[number];
export type Spend = 'action' | 'move' | 'charge';

/** "Action and move left", "Move left", "Action left (or a second move)", "Nothing left this turn". */
export function leftWords(left: TurnLeft): string {
  if (left.action && left.move) return 'Action and move left';
  if (left.action) return 'Action left (or a second move)';
  if (left.move) return 'Move left';
  return 'Nothing left this turn';
}

/** The spends the rules accept: an action while it is left; a move while the move or the action is; a charge while both are. */
export function offeredSpends(left: TurnLeft): readonly Spend[] {
  const spends: Spend[] = [];
  if (left.action) spends.push('action');
  if (left.move || left.action) spends.push('move');
  if (left.action && left.move) spends.push('charge');
  return spends;
}

export const SPEND_LABELS: Readonly<Record<Spend, string>> = { action: 'Action', move: 'Move', charge: 'Charge' };
