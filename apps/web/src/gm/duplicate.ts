import type { CombatantView, NewCombatant } from '@roundkeeper/rules';

/** "Goblin" → "Goblin 2", "Goblin 2" → "Goblin 3": the first numbered name nobody has yet. */
export function nextName(name: string, taken: readonly string[]): string {
  const match = /^(.*?)\s*(\d+)$/.exec(name.trim());
  const stem = match ? match[1]! : name.trim();
  let n = match ? Number(match[2]) + 1 : 2;
  const names = new Set(taken);
  while (names.has(`${stem} ${n}`)) n++;
  return `${stem} ${n}`;
}

/** A copy of a combatant as a new, lone one: same side, stats and hidden flag; no roll, no conditions. */
export function duplicateOf(c: CombatantView, taken: readonly string[]): NewCombatant {
  return { name: nextName(c.name, taken), side: c.side, stats: c.stats ?? {}, ...(c.hidden ? { hidden: true } : {}) };
}
