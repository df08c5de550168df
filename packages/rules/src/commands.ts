import type { CombatantId, RollMode, Side, UnitRef } from './model.js';

/** Who issues a command. The server derives it from the socket's token; the rules decide what each may do. */
export type Actor =
  | { readonly role: 'gm' }
  | { readonly role: 'player'; readonly combatantIds: readonly CombatantId[] };

export interface NewCombatant {
  readonly name: string;
  readonly side: Side;
  readonly stats: Readonly<Record<string, number>>;
  readonly hidden?: boolean;
  readonly note?: string;
  /** More than 1 adds a group of identical creatures ("4 Goblins") sharing one roll and one turn. */
  readonly count?: number;
}

export type Command =
  | { readonly type: 'add-combatant'; readonly combatant: NewCombatant }
  | { readonly type: 'remove-combatant'; readonly combatantId: CombatantId }
  | { readonly type: 'set-hidden'; readonly combatantId: CombatantId; readonly hidden: boolean }
  | { readonly type: 'set-defeated'; readonly combatantId: CombatantId; readonly defeated: boolean }
  /** Opens the initiative phase: players may now roll. */
  | { readonly type: 'begin-initiative' }
  | { readonly type: 'roll-initiative'; readonly unit: UnitRef; readonly mode?: RollMode }
  /** GM shortcut: roll for every non-PC unit that has not rolled yet. */
  | { readonly type: 'roll-npc-initiative' }
  /** Orders units whose totals tie, first to act first. */
  | { readonly type: 'resolve-tie'; readonly order: readonly UnitRef[] }
  | { readonly type: 'start-combat' }
  | { readonly type: 'end-turn' }
  | { readonly type: 'end-encounter' };

export type CommandType = Command['type'];
