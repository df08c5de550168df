import type { LogEntry, LogEvent } from '@roundkeeper/protocol';
import type { Combatant, CombatantView, EncounterView, InitiativeRoll } from '@roundkeeper/rules';
import { describe, expect, it } from 'vitest';
import { describeLog, facesOf, groupByCommand } from './event-log.js';
import { ROUND_AT_CREATION, ROUND_UNKNOWN } from './log-rounds.js';
// The registry's words, as the console hands them to the log (a test may cross the layers).
import { systemWordsOf } from '../systems/log-words.js';

const roll = (face: number, modifier: number, source: InitiativeRoll['source'] = 'server'): InitiativeRoll => ({
  dice: [{ sides: 20, face }],
  kept: face,
  modifier,
  total: face + modifier,
  mode: 'normal',
  source,
});

const combatantView = (id: string, name: string, patch: Partial<CombatantView> = {}): CombatantView => ({
  id,
  name,
  side: 'enemy',
  groupId: null,
  defeated: false,
  initiative: null,
  hidden: false,
  mine: false,
  conditions: [],
  ...patch,
});

const newCombatant = (id: string, name: string, hidden = false): Combatant => ({
  id,
  name,
  side: 'pc',
  groupId: null,
  hidden,
  defeated: false,
  stats: {},
  note: '',
  initiative: null,
  tieBreak: null,
  resources: {},
  conditions: [],
  health: null,
});

const view: EncounterView = {
  audience: 'gm',
  id: 'e1',
  name: 'Test',
  system: 'dnd5e',
  options: {},
  phase: 'active',
  round: 2,
  roundSeconds: 6,
  combatants: [
    combatantView('c1', 'Aria', { side: 'pc' }),
    combatantView('c3', 'Goblin 1', { groupId: 'g2' }),
    combatantView('c4', 'Goblin 2', { groupId: 'g2' }),
  ],
  groups: [{ id: 'g2', name: 'Goblin', side: 'enemy', initiative: null }],
  order: [
    { id: 's1', side: 'pc', unit: { kind: 'combatant', id: 'c1' }, label: 'Aria', total: 17 },
    { id: 's2', side: 'pc', unit: null, label: 'PC', total: null },
  ],
  turn: null,
  turnTimer: null,
  acted: [],
  pendingTies: [],
  pending: [],
  ext: null,
  undo: { undo: 0, redo: 0 },
  seedCommitment: 'abc',
  seed: null,
};

/** A log from seq 1: each item is one command's events, written by `by` (null: no command). */
function logOf(...commands: { by: 'gm' | 'player' | 'timer' | null; player?: string[]; events: LogEvent[] }[]): LogEntry[] {
  const entries: LogEntry[] = [];
  commands.forEach(({ by, player = null, events }, i) => {
    for (const event of events) {
      entries.push({ seq: entries.length + 1, commandId: by ? `cmd${i}` : null, by, player, at: '2025-01-01T00:00:00.000Z', event });
    }
  });
  return entries;
}

const created: LogEvent = { type: 'encounter-created', id: 'e1', name: 'Test', system: 'dnd5e', options: {}, seed: null, seedCommitment: 'abc' };
const applied = (command: string, by: 'gm' | 'player' | 'timer' = 'gm'): LogEvent => ({ type: 'command-applied', command, by }) as LogEvent;
const texts = (entries: LogEntry[], start = ROUND_AT_CREATION) => describeLog(entries, view, start, systemWordsOf(view.system)).map((l) => l.text);

describe('describeLog', () => {
  it('tells each initiative roll with its dice faces, real dice and group units as the panels name them', () => {
    const entries = logOf(
      { by: null, events: [created] },
      { by: 'player', player: ['c1'], events: [applied('roll-initiative', 'player'), { type: 'initiative-rolled', unit: { kind: 'combatant', id: 'c1' }, roll: roll(14, 3), rng: null }] },
      { by: 'gm', events: [applied('enter-initiative'), { type: 'initiative-rolled', unit: { kind: 'group', id: 'g2' }, roll: roll(9, 4, 'physical'), rng: null }] },
      // Stored before seats were recorded: still a player, not named.
      { by: 'player', events: [applied('set-defeated', 'player'), { type: 'defeated-set', combatantId: 'c1', defeated: true }] },
    );
    const lines = describeLog(entries, view, ROUND_AT_CREATION, systemWordsOf(view.system));
    expect(lines.filter((l) => l.kind === 'roll')).toEqual([
      expect.objectContaining({ text: 'Aria rolled 17: d20 14 + 3 = 17', by: 'player', author: 'Aria', seq: 3, round: 0 }),
      expect.objectContaining({ text: 'Goblin ×2 rolled 13: d20 9 + 4 = 13, real dice', by: 'gm', author: 'GM', seq: 5 }),
    ]);
    expect(groupByCommand(lines).map((g) => g.author)).toEqual([null, 'Aria', 'GM', 'Player']);
    expect(lines[0]).toMatchObject({ text: 'Encounter created', by: null, commandId: null });
  });

  it('names combatants that have left the encounter from the events that added them', () => {
    const entries = logOf(
      { by: 'gm', events: [applied('add-combatant'), { type: 'combatant-added', combatant: newCombatant('c9', 'Assassin', true) }] },
      { by: 'gm', events: [applied('set-hidden'), { type: 'hidden-set', combatantId: 'c9', hidden: false }] },
      { by: 'gm', events: [applied('remove-combatant'), { type: 'combatant-removed', combatantId: 'c9' }] },
    );
    expect(texts(entries)).toEqual(['Added Assassin (hidden)', 'Assassin revealed', 'Removed Assassin']);
  });

  it('tells turns by their slot, with who took an open one, and falls back to the actors when the slot is gone', () => {
    const entries = logOf(
      { by: 'gm', events: [applied('end-turn'), { type: 'turn-ended', slotId: 's0' }, { type: 'turn-started', slotId: 's1', actorIds: ['c1'] }] },
      { by: 'player', events: [applied('claim-turn', 'player'), { type: 'turn-claimed', slotId: 's2', actorIds: ['c1'] }] },
      { by: 'gm', events: [applied('end-turn'), { type: 'turn-started', slotId: 'gone', actorIds: ['c3', 'c4'] }] },
    );
    expect(texts(entries)).toEqual(['Turn: Aria', 'Turn: PC slot (Aria)', 'Turn: Goblin 1, Goblin 2']);
  });

  it('follows rounds through undo and redo, and leaves them unknown before the first round seen', () => {
    const entries = logOf(
      { by: 'gm', events: [applied('start-combat'), { type: 'combat-started', slots: [] }, { type: 'round-started', round: 1 }] },
      { by: 'gm', events: [applied('end-turn'), { type: 'round-ended', round: 1 }, { type: 'round-started', round: 2 }] },
      { by: 'gm', events: [{ type: 'undone' }] },
      { by: 'gm', events: [{ type: 'redone' }] },
    );
    const rounds = describeLog(entries, view, ROUND_AT_CREATION, systemWordsOf(view.system)).map((l) => [l.text, l.round]);
    expect(rounds).toEqual([
      ['Combat started', 0],
      ['Round 1', 1],
      ['Round 2', 2],
      ['Undo', 1],
      ['Redo', 2],
    ]);
    // The same stretch without its beginning: round 1 was never seen, so the undo lands on an unknown round.
    const later = describeLog(entries.slice(4), view, ROUND_UNKNOWN, systemWordsOf(view.system)).map((l) => l.round);
    expect(later).toEqual([2, null, 2]);
  });

  it('tells conditions by name, even once they are gone, and reveals the seed at the end', () => {
    const entries = logOf(
      { by: 'gm', events: [applied('add-condition'), { type: 'condition-added', combatantId: 'c1', condition: { id: 'k1', name: 'Prone', expiry: null } }] },
      { by: 'gm', events: [applied('end-turn'), { type: 'condition-expired', combatantId: 'c1', conditionId: 'k1' }] },
      { by: 'gm', events: [applied('end-encounter'), { type: 'encounter-ended', seed: 'f00d' }] },
    );
    expect(texts(entries)).toEqual(['Aria: Prone', 'Aria: Prone ended', 'Encounter ended', 'Dice seed revealed: f00d']);
    const hidden = logOf({ by: 'gm', events: [{ type: 'encounter-ended', seed: null }] });
    expect(texts(hidden)).toEqual(['Encounter ended']);
  });

  it("tells a system's rolling events in their sentence, as rolls, never with the generator state", () => {
    const entries = logOf(
      {
        by: 'gm',
        events: [
          applied('resolve-tie'),
          {
            type: 'dnd5e-rolled-off',
            units: [{ kind: 'combatant', id: 'c1' }],
            throws: [[{ unit: { kind: 'combatant', id: 'c1' }, die: { sides: 20, face: 14 } }], [{ unit: { kind: 'combatant', id: 'c1' }, die: { sides: 20, face: 3 } }]],
            rng: [1, 2, 3, 4],
          },
          { type: 'dnd5e-surprise-set', combatantId: 'c1', surprised: true },
        ],
      },
    );
    expect(describeLog(entries, view, ROUND_AT_CREATION, systemWordsOf(view.system)).map((l) => [l.kind, l.text])).toEqual([
      ['roll', 'Rolled off: Aria d20 14; then Aria d20 3'],
      ['system', 'Aria is surprised'],
    ]);
  });

  it("tells each system's events in sentences of their own, not the code's names", () => {
    const entries = logOf({
      by: 'gm',
      events: [
        { type: 'dc20-encounter-dc-set', dc: 14, choice: { kind: 'table', level: 2, difficulty: 'hard' } },
        { type: 'dc20-turn-wrapped', actorIds: ['c1'], pcTurn: true },
        { type: 'genesys-slots-ranked', slots: [] },
        { type: 'dc20-turns-labelled', slotTeams: {} },
        { type: 'options-set', options: { surpriseMode: 'srd52', physicalDice: 'gm' } },
      ] as unknown as LogEvent[],
    });
    const texts = describeLog(entries, view, ROUND_AT_CREATION, systemWordsOf(view.system)).map((l) => l.text);
    expect(texts).toEqual([
      'Encounter DC is 14, from the table (level 2, hard)',
      'Aria: turn over',
      'Initiative ranked: the PC and NPC slots are set for the round',
      'Options: Surprise — Disadvantage on Initiative (SRD 5.2, 2024); Real dice typed in by — The GM only',
    ]);
    for (const text of texts) expect(text).not.toMatch(/wrapped|Slots ranked|dc set|srd52|physicalDice/i);
  });
});

describe('health in the log', () => {
  const hp = (current: number, temp = 0) => ({ kind: 'hit-points', current, max: 14, temp }) as const;
  const goblin = { kind: 'combatant', id: 'c4' } as const;

  it('[ENG-33] says who took how much, with the count before and after, one line per target of an area effect', () => {
    const entries = logOf({
      by: 'gm',
      events: [
        applied('apply-damage'),
        {
          type: 'damage-applied',
          track: 'hp',
          targets: [
            { target: goblin, combatantId: 'c4', amount: 7, before: hp(14), after: hp(7) },
            { target: { kind: 'combatant', id: 'c1' }, combatantId: 'c1', amount: 9, critical: true, before: hp(10, 5), after: hp(6) },
          ],
        },
      ],
    });
    expect(describeLog(entries, view, ROUND_AT_CREATION, systemWordsOf(view.system)).map((l) => [l.kind, l.text])).toEqual([
      ['health', 'Goblin 2 takes 7 (14 → 7)'],
      ['health', 'Aria takes 9, a critical hit (10 +5 temp → 6)'],
    ]);
  });

  it('[ENG-33] tells healing, strain, a new maximum and temporary hit points in words', () => {
    const wounds = (w: number, strain: number) => ({ kind: 'wounds', wounds: w, threshold: 12, strain, strainThreshold: 10 }) as const;
    const aria = { kind: 'combatant', id: 'c1' } as const;
    const entries = logOf(
      { by: 'gm', events: [applied('apply-healing'), { type: 'healing-applied', track: 'hp', targets: [{ target: aria, combatantId: 'c1', amount: 4, before: hp(3), after: hp(7) }] }] },
      { by: 'gm', events: [applied('apply-damage'), { type: 'damage-applied', track: 'strain', targets: [{ target: aria, combatantId: 'c1', amount: 2, before: wounds(1, 0), after: wounds(1, 2) }] }] },
      { by: 'gm', events: [applied('set-max-health'), { type: 'max-health-set', track: 'hp', targets: [{ target: goblin, combatantId: 'c4', amount: 20, before: null, after: { ...hp(20), max: 20 } }] }] },
      { by: 'gm', events: [applied('set-temp-health'), { type: 'temp-health-set', targets: [{ target: aria, combatantId: 'c1', amount: 5, before: hp(7), after: hp(7, 5) }] }] },
    );
    expect(texts(entries)).toEqual([
      'Aria heals 4 (3 → 7)',
      'Aria suffers 2 strain (0 strain → 2 strain)',
      'Goblin 2 maximum HP set to 20 (none → 20)',
      'Aria gets 5 temporary HP (7 → 7 +5 temp)',
    ]);
  });
});

describe('the turn timer in the log', () => {
  it('[ENG-41] says whose turn the timer ended, in words, under the turn timer as its author', () => {
    const entries = logOf(
      { by: 'timer', events: [applied('end-turn', 'timer'), { type: 'turn-ended', slotId: 's1', timedOut: true, actorIds: ['c1'] }, { type: 'turn-started', slotId: 's9', actorIds: ['c3', 'c4'], at: 2 }] },
      { by: 'timer', events: [applied('end-turn', 'timer'), { type: 'turn-ended', slotId: 's9', timedOut: true, actorIds: ['c3', 'c4'] }] },
      { by: 'gm', events: [applied('end-turn'), { type: 'turn-ended', slotId: 's1' }] },
      { by: 'gm', events: [applied('set-options'), { type: 'options-set', options: { turnSeconds: 60, turnTimeout: 'auto-end' } }] },
    );
    const groups = groupByCommand(describeLog(entries, view, ROUND_AT_CREATION, systemWordsOf(view.system)));
    expect(groups.map((g) => [g.author, g.lines.map((l) => l.text)])).toEqual([
      ['Turn timer', ["Aria's turn ended: time ran out", 'Turn: Goblin 1, Goblin 2']],
      ['Turn timer', ["Goblin 1, Goblin 2's turn ended: time ran out"]],
      ['GM', ['Options: Turn timer (seconds, 0 = off) — 60; When time runs out — End the turn automatically']],
    ]);
  });
});

describe('facesOf', () => {
  it('finds faces with their dice, bare faces and symbol dice, and skips the generator state', () => {
    expect(facesOf({ checks: [{ team: 'a', face: 7 }], dice: [{ sides: 6, face: 2 }, { sides: 8, face: 5, kind: 'ability' }], rng: [{ face: 99 }] })).toEqual([
      '7',
      'd6 2',
      'ability 5',
    ]);
  });
});

describe('groupByCommand', () => {
  it('puts the consecutive lines of one command under its author; lines without a command stand alone', () => {
    const entries = logOf(
      { by: null, events: [created] },
      { by: 'gm', events: [applied('start-combat'), { type: 'combat-started', slots: [] }, { type: 'round-started', round: 1 }] },
      { by: 'player', events: [applied('end-turn', 'player'), { type: 'turn-started', slotId: 's1', actorIds: ['c1'] }] },
    );
    const groups = groupByCommand(describeLog(entries, view, ROUND_AT_CREATION, systemWordsOf(view.system)));
    expect(groups.map((g) => [g.by, g.lines.map((l) => l.text)])).toEqual([
      [null, ['Encounter created']],
      ['gm', ['Combat started', 'Round 1']],
      ['player', ['Turn: Aria']],
    ]);
  });
});
