// Every system event reads as a sentence of its own in the GM's log (issue 15: no "Rolled off — d20 14").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { LogNames } from '../lib/log-names.js';
import { SYSTEM_LOG_WORDS } from './log-words.js';

const SYSTEMS_DIR = fileURLToPath(new URL('../../../../packages/rules/src/systems/', import.meta.url));

/** The event types each system declares in its events.ts (the union's `type` literals). */
function declaredEventTypes(): string[] {
  return readdirSync(SYSTEMS_DIR).flatMap((system) => {
    let text: string;
    try {
      text = readFileSync(join(SYSTEMS_DIR, system, 'events.ts'), 'utf8');
    } catch {
      return [];
    }
    return [...text.matchAll(/type: '([a-z0-9-]+)'/g)].map((m) => m[1] ?? '');
  });
}

const NAMES: Readonly<Record<string, string>> = { c1: 'Vela', c2: 'Rook', c3: 'Orc 1', c4: 'Orc 2', c5: 'Mule', g9: 'Bandit' };
const names: LogNames = {
  combatant: (id) => NAMES[id] ?? id,
  unit: (ref) => NAMES[ref.id] ?? ref.id,
  turn: () => 'a turn',
  condition: () => 'a condition',
};
const words = SYSTEM_LOG_WORDS;
const say = (event: Record<string, unknown> & { type: string }): string | null => words[event.type]?.(event, names) ?? null;
const check = (kept: number, target: number, outcome: string, faces = [kept]) => ({ faces, kept, target, outcome });
const c = (id: string) => ({ kind: 'combatant', id });

describe('system log sentences', () => {
  it('list every event type of every system (a sentence, or null for bookkeeping)', () => {
    const declared = declaredEventTypes();
    expect(declared.length).toBeGreaterThan(60);
    for (const type of declared) expect(Object.hasOwn(SYSTEM_LOG_WORDS, type), type).toBe(true);
    expect(Object.keys(SYSTEM_LOG_WORDS).sort()).toEqual([...new Set(declared)].sort());
  });

  it('[DND-10] [DND-17] [DND-18] [DND-25] tell dnd5e’s roll-off and death saves', () => {
    expect(say({ type: 'dnd5e-rolled-off', units: [c('c1'), c('c2')], throws: [[{ unit: c('c1'), die: { sides: 20, face: 7 } }, { unit: c('c2'), die: { sides: 20, face: 12 } }]] })).toBe(
      'Rolled off: Vela d20 7, Rook d20 12',
    );
    expect(say({ type: 'dnd5e-death-saves-set', combatantId: 'c1', cause: 'down', before: null, after: { successes: 0, failures: 0, stable: false } })).toBe(
      'Vela drops to 0 hit points: death saves 0 successes, 0 failures',
    );
    // [DND-25] The GM's tally (carried from the last fight, or a mistake put right).
    expect(say({ type: 'dnd5e-death-saves-set', combatantId: 'c1', cause: 'set', before: null, after: { successes: 0, failures: 0, stable: true } })).toBe(
      'Vela gets a tally from the GM: death saves 0 successes, 0 failures, stable',
    );
    expect(
      say({ type: 'dnd5e-death-save-rolled', combatantId: 'c1', dice: [{ sides: 20, face: 1 }], modifier: 0, total: 1, source: 'physical', outcome: 'double-failure', before: { successes: 1, failures: 0, stable: false }, after: { successes: 1, failures: 2, stable: false } }),
    ).toBe('Vela rolls a death save: d20 1 (real dice), a natural 1: two failures (1 success, 2 failures)');
  });

  it('[DC20-39] [DC20-9] tell dc20’s Fate Check and who won the first turn', () => {
    expect(say({ type: 'dc20-fate-checked', checks: [{ team: 'pc', face: 14 }, { team: 'enemy-1', face: 9 }], order: ['pc', 'enemy-1'] })).toBe(
      'Fate Check: PC d20 14, Enemy 1 d20 9 — PC, then Enemy 1',
    );
    expect(say({ type: 'dc20-fate-checked', checks: [{ team: 'pc', face: 9 }, { team: 'enemy-1', face: 9 }], order: null })).toMatch(/a tie: the GM decides$/);
    expect(say({ type: 'dc20-initiative-decided', party: { winner: 'pc', successes: 2, needed: 1 }, benefits: { c1: ['inspiration-die'], c2: [] } })).toBe(
      'The PCs go first (2 of 1 successes needed) · Vela: the Inspiration Die',
    );
  });

  it('[LFG-6] [LFG-16] [LFG-17] [LFG-20] [LFG-22] [LFG-24] [LFG-25] [LFG-27] tell lfg’s checks with their dice', () => {
    expect(say({ type: 'lfg-party-rolled', round: 1, rollerId: 'c1', roll: { dice: [{ sides: 20, face: 8 }], kept: 8, modifier: 0, total: 8, mode: 'normal', outcome: 'success', detail: { target: 12 }, source: 'physical' }, slots: [] })).toBe(
      'Party check (round 1) by Vela: d20 8 + 0 = 8, success (target 12), real dice',
    );
    expect(say({ type: 'lfg-retreat-rolled', rolls: [{ id: 'c1', result: check(15, 11, 'failure') }, { id: 'c2', result: check(16, 10, 'failure') }], success: false, fled: [] })).toBe(
      'Retreat: failed, the party stays · Vela d20 15 vs 11, failure; Rook d20 16 vs 10, failure',
    );
    expect(say({ type: 'lfg-ready-resolved', outcome: { combatantId: 'c1', trigger: 'the ogre charges', order: 'readier-first', rolls: [check(4, 12, 'critical-success'), check(9, 10, 'success')] } })).toBe(
      'Vela\'s readied action (“the ogre charges”): the readied action goes first · d20 4 vs 12, Great Success; d20 9 vs 10, success',
    );
    expect(say({ type: 'lfg-morale-suggested', suggestion: { id: 'm1', triggers: ['leader-down'], members: ['c3', 'c4'] } })).toBe('Morale check suggested for Orc 1, Orc 2 (leader down)');
    expect(say({ type: 'lfg-morale-called', check: { id: 'm1', members: ['c3', 'c4'], scope: 'group', trigger: 'half-down', modifier: -2 }, suggestionId: null })).toBe(
      'Morale check at the round’s end for Orc 1, Orc 2 (half of them down, Will −2)',
    );
    expect(say({ type: 'lfg-morale-rolled', checkId: null, suggestionId: null, verdict: { round: 1, trigger: 'gm', rolls: [{ id: 'c3', result: check(19, 8, 'failure') }], held: [], broken: ['c3', 'c4'] } })).toBe(
      'Morale: Orc 1, Orc 2 break and flee · Orc 1 d20 19 vs 8, failure',
    );
    expect(say({ type: 'lfg-rally-rolled', outcome: { rallierId: 'c2', combatantIds: ['c5'], check: check(3, 14, 'critical-success'), result: 'rallied' } })).toBe(
      'Rally by Rook (Mule): rallied, back in the fight · d20 3 vs 14, Great Success',
    );
    expect(say({ type: 'lfg-finish-rolled', rolls: [{ id: 'c1', result: check(2, 11, 'critical-success') }], success: true })).toBe('Finish Them!: success · Vela d20 2 vs 11, Great Success');
    expect(say({ type: 'lfg-monsters-ordered', order: [c('c3'), c('c5')], slots: [] })).toBe('The monsters act in this order: Orc 1, then Mule');
  });

  it('[UES-11] [UES-24] [UES-35] tell uesrpg’s Luck roll-off, extended actions and a group’s turn order', () => {
    expect(say({ type: 'uesrpg-luck-rolled', units: [c('c1'), c('c2')], rolls: [{ unit: c('c1'), luck: 40, face: 68 }, { unit: c('c2'), luck: 47, face: 38 }], order: [c('c2'), c('c1')] })).toBe(
      'Luck roll-off: Vela d100 68 vs Luck 40, Rook d100 38 vs Luck 47 — Rook, then Vela',
    );
    expect(say({ type: 'uesrpg-extended-continued', combatantId: 'c1', actionId: 'a1', spent: 1, completed: true })).toBe('Vela puts 1 AP into their extended action: complete, it takes effect');
    expect(say({ type: 'uesrpg-members-ordered', groupId: 'g9', order: ['c4', 'c3'] })).toBe('Bandit take their turns: Orc 2, then Orc 1');
  });

  it('never tell a rolling event generically: each of them has a sentence', () => {
    const rolling = ['dnd5e-rolled-off', 'dnd5e-death-save-rolled', 'dc20-fate-checked', 'lfg-party-rolled', 'lfg-morale-rolled', 'lfg-rally-rolled', 'lfg-retreat-rolled', 'lfg-ready-resolved', 'lfg-finish-rolled', 'lfg-intercepted', 'uesrpg-luck-rolled', 'genesys-strain-recovered'];
    for (const type of rolling) expect(typeof words[type], type).toBe('function');
  });
});
