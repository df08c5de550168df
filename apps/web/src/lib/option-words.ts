// Options in the table's words: a label, a one-line explanation in the game's own terms, and the rule it
// comes from (packages/rules/spec/<system>.md, packages/rules/SPEC.md). Here: the shape, and the words of
// the engine's own options (the same in every system); each system's flags have theirs in its own folder
// (systems/<id>/option-words.ts), read through the registry (systems/option-words.ts).

export interface OptionWords {
  readonly label: string;
  /** One line, in the system's own terms. */
  readonly help: string;
  /** The rule id(s) of the spec where the option is written down. */
  readonly rule: string;
  /** A choice's values as the table says them. */
  readonly values?: Readonly<Record<string, string>>;
}

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

/** "critCountsAsSuccess" → "Crit counts as success": the fallback for an option without words yet. */
export const wordsFromKey = (key: string): OptionWords => ({
  label: key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase()).replace(/ (\w)/g, (m) => m.toLowerCase()),
  help: '',
  rule: '',
});

export const valueLabel = (words: OptionWords, value: string): string => words.values?.[value] ?? value;
