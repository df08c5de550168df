import type { EncounterView } from '@roundkeeper/rules';
import { stateTone } from '../lib/health-words.js';

/** How a fight ended, as the phone's "Encounter over" screen tells it: from what this seat may see. */
export interface FightSummary {
  /** Rounds fought; 0 when it ended before combat began. */
  readonly rounds: number;
  /** Out of the fight: defeated, or in a state that is (down, dying, stable, dead, incapacitated, Death's Door). */
  readonly fell: readonly string[];
  readonly standing: readonly string[];
}

export function fightSummary(view: EncounterView): FightSummary {
  const out = view.combatants.filter((c) => c.defeated || (c.health !== undefined && stateTone(c.health.state) === 'out'));
  return {
    rounds: view.round,
    fell: out.map((c) => c.name),
    standing: view.combatants.filter((c) => !out.includes(c)).map((c) => c.name),
  };
}

/** "Borin, Aria and Cael"; "nobody" when empty. */
export function namesInWords(names: readonly string[]): string {
  if (names.length === 0) return 'nobody';
  if (names.length === 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}
