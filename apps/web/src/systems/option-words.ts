// The systems' options in the table's words: a label, a one-line explanation in the system's own terms,
// and the rule it comes from (packages/rules/spec/<system>.md, packages/rules/SPEC.md), for every flag
// of every system and every value of a choice. option-words.test.ts fails when a flag has none.
import type { SystemId } from '@roundkeeper/rules';

export interface OptionWords {
  readonly label: string;
  /** One line, in the system's own terms. */
  readonly help: string;
  /** The rule id(s) of the spec where the option is written down. */
  readonly rule: string;
  /** A choice's values as the table says them. */
  readonly values?: Readonly<Record<string, string>>;
}

const WORDS: Readonly<Partial<Record<SystemId, Readonly<Record<string, OptionWords>>>>> = {
  dnd5e: {
    surpriseMode: {
      label: 'Surprise',
      help: 'What being surprised costs: the lost first turn of the 2014 rules, or disadvantage on the Initiative roll of the 2024 rules.',
      rule: 'DND-13, DND-14',
      values: { srd51: 'Lose the first turn (SRD 5.1, 2014)', srd52: 'Disadvantage on Initiative (SRD 5.2, 2024)' },
    },
  },
  dc20: {
    critCountsAsSuccess: {
      label: 'A natural 20 counts as a success',
      help: "A Critical Success on an Initiative Check counts towards the party's successes even below the Encounter DC.",
      rule: 'DC20-12',
    },
    multiTeamLayout: {
      label: 'Several enemy teams',
      help: 'PC turns and each enemy team’s turns alternate; every enemy team gets as many turns as the PCs.',
      rule: 'DC20-27',
      values: { rotate: 'Take turns with the PCs (each team as many turns)' },
    },
    lapMode: {
      label: 'Legendary AP left at round end',
      help: "Whether a monster's Legendary Action Points left at the end of a round may still be spent then, just before all are regained.",
      rule: 'DC20-38',
      values: { roundEnd: 'May be spent at the round’s end', strict: 'Are lost (strict)' },
    },
    surprised: {
      label: 'Surprised creatures',
      help: 'The Surprised condition: 2 fewer Action Points (current and maximum), or unable to act (0 AP).',
      rule: 'DC20-36',
      values: { apPenalty: 'Lose 2 AP', unableToAct: 'Unable to act (0 AP)' },
    },
  },
  genesys: {
    signedNetRanking: {
      label: 'Net failures rank below zero',
      help: 'Ranking the Initiative checks: a check with net failures ranks as 0 successes, or below zero (more failures, later).',
      rule: 'GEN-14',
    },
    autoFillSingle: {
      label: 'Fill a slot with its only candidate',
      help: 'A PC or NPC slot that exactly one character may take is given to them without asking.',
      rule: 'GEN-21',
    },
    confirmNextRound: {
      label: 'Wait at each round’s end',
      help: 'Turns stop at the end of each round until the GM says the action goes on (the encounter may be over).',
      rule: 'GEN-25',
    },
  },
  uesrpg: {
    apRefresh: {
      label: 'Action Points come back',
      help: 'When characters regain their Action Points: at the start of each round (the rule), or at the start of their own turn (optional rule).',
      rule: 'UES-16, UES-17',
      values: { roundStart: 'At the start of each round', turnStart: 'At the start of their turn (optional)' },
    },
    groupTurns: {
      label: 'Groups take their turns',
      help: 'A group of similar NPCs rolls once; its members share one turn, or each takes its own turn in the group’s place (the rule), in the order the GM sets.',
      rule: 'UES-35',
      values: { together: 'Together, one shared turn', each: 'One member at a time (the rule)' },
    },
  },
  lfg: {
    greatSuccess: {
      label: 'Great Success on a check',
      help: 'When a roll-under check is a Great Success: a face at most half the score, or only a natural 1.',
      rule: 'LFG-2',
      values: { halfScore: 'Half the score or less', natural1: 'A natural 1 only' },
    },
    rotateFirstRoller: {
      label: 'The first roller moves on each combat',
      help: "Optional rule: the party's first Initiative roller of this combat is the next PC clockwise from the last combat's.",
      rule: 'LFG-9',
    },
    previousFirstSeat: {
      label: "Last combat's first roller (seat)",
      help: 'With the rotating first roller: the seat (1 = first clockwise) that rolled first last combat; 0 when unknown.',
      rule: 'LFG-9',
    },
    autoRoll: {
      label: "Roll the party's check for them",
      help: "The server rolls the party's Initiative check as each round starts, instead of the roller's phone.",
      rule: 'LFG-7',
    },
    actionEconomy: {
      label: 'One action and one move a turn',
      help: 'Track what each combatant has spent of its turn: one action, one move (or two moves for the action), a charge uses both, a rally the action.',
      rule: 'LFG-33',
    },
  },
};

/** Who may type in real dice: an option of every system (physicalDice). */
export const PHYSICAL_DICE_WORDS: OptionWords = {
  label: 'Real dice typed in by',
  help: 'Who may type the faces of dice rolled at the table instead of rolling in the app; the rules check the count.',
  rule: 'ENG physicalDice (docs/clients.md)',
  values: { off: 'Nobody: the app rolls', gm: 'The GM only', everyone: 'The GM and the players' },
};

/** Health sight values in the table's words (ENG-32). */
const SIGHT_VALUES = { numbers: 'The numbers (14/20 HP)', states: 'States only (Bloodied, Down…)', none: 'Nothing' } as const;

/** The engine's health options, the same in every system (ENG-28, ENG-32). */
export const HEALTH_OPTION_WORDS: Readonly<Record<string, OptionWords>> = {
  playersDamageHeal: {
    label: 'Players apply damage and healing',
    help: 'Players may damage and heal their own characters from their phones; off, only the GM changes health.',
    rule: 'ENG-28',
  },
  npcHealthView: {
    label: 'Players and the overlay see enemies’ health as',
    help: 'Exact enemy numbers are the GM’s; the table may see states, the numbers, or nothing. Changeable during combat.',
    rule: 'ENG-32',
    values: SIGHT_VALUES,
  },
  partyHealthView: {
    label: 'The party sees each other’s health as',
    help: 'How players and the overlay see PCs that are not their own (a player always sees their own numbers).',
    rule: 'ENG-32',
    values: SIGHT_VALUES,
  },
};

/** [ENG-39] [ENG-41] The turn timer's options: set on the GM console, changeable during combat. */
export const TIMER_OPTION_WORDS: Readonly<Record<string, OptionWords>> = {
  turnSeconds: {
    label: 'Turn timer (seconds, 0 = off)',
    help: 'Each turn counts down on the acting player’s phone, the overlay and here; a new limit counts from the current turn’s start.',
    rule: 'ENG-39',
  },
  turnTimeout: {
    label: 'When time runs out',
    help: 'Overtime keeps the turn and counts up in red; auto-end has the server end the turn itself (undo gives it back).',
    rule: 'ENG-41',
    values: { overtime: 'Show overtime', 'auto-end': 'End the turn automatically' },
  },
};

/** "critCountsAsSuccess" → "Crit counts as success": the fallback for a system without words yet. */
const fromKey = (key: string) => key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase()).replace(/ (\w)/g, (m) => m.toLowerCase());

export function optionWords(system: SystemId, key: string): OptionWords {
  return WORDS[system]?.[key] ?? { label: fromKey(key), help: '', rule: '' };
}

/** Whether `system` has words for `key` (the test checks every flag of every system has them). */
export const hasOptionWords = (system: SystemId, key: string): boolean => WORDS[system]?.[key] !== undefined;

export const valueLabel = (words: OptionWords, value: string): string => words.values?.[value] ?? value;
