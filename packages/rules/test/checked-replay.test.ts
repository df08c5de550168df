// [ENG-46] A log from outside replayed with the rules' checks: what it lets through is exactly what the
// engine writes; each kind of edit is refused naming the event's place in the log.
import { describe, expect, it } from 'vitest';
import { checkedReplay, createEncounter, decide, type EncounterEvent, type EncounterState, type SystemId } from '../src/index.js';
import type { Command } from '../src/core/commands.js';
import { COMMITMENT, GM, SEED } from './harness.js';

/** The whole log of these GM commands on a new encounter of `system`. */
function logOf(system: SystemId, commands: readonly (Command | ((s: EncounterState) => Command))[]): EncounterEvent[] {
  const log: EncounterEvent[] = [createEncounter({ id: 'e', name: 'Test', system, seed: SEED, seedCommitment: COMMITMENT })];
  for (const command of commands) {
    const replayed = checkedReplay(log);
    if (!replayed.ok) throw new Error(replayed.reason);
    const c = typeof command === 'function' ? command(replayed.state) : command;
    const d = decide(replayed.state, c, GM);
    if (!d.ok) throw new Error(`${c.type}: ${d.violation.message}`);
    log.push(...d.events);
  }
  return log;
}

const orc: Command = { type: 'add-combatant', combatant: { name: 'Orc', side: 'enemy', stats: {}, health: { max: 15 } } };
const minions: Command = { type: 'add-combatant', combatant: { name: 'Stormtrooper', side: 'enemy', stats: {}, count: 3, health: { max: 5 } } };

/** The log with `value` put at `path` in a copy of the event at `index`. */
function edited(log: readonly EncounterEvent[], index: number, path: readonly (string | number)[], value: unknown): EncounterEvent[] {
  // Through JSON, as a file: structuredClone would keep the objects the log shares (a health before and the one held).
  const copy = JSON.parse(JSON.stringify(log)) as EncounterEvent[];
  let here = copy[index] as unknown as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) here = here[key] as Record<string | number, unknown>;
  here[path.at(-1) as string | number] = value;
  return copy;
}

describe('[ENG-46] checkedReplay', () => {
  it('takes every log the engine writes, in every system', () => {
    for (const system of ['dnd5e', 'dc20', 'genesys', 'lfg', 'uesrpg'] as const) {
      const first = (st: EncounterState): string => st.combatants[0]?.id ?? '';
      const log = logOf(system, [
        orc,
        minions,
        (st) => ({ type: 'apply-damage', targets: [{ combatantId: first(st), amount: 20, critical: true }] }),
        (st) => ({ type: 'apply-healing', targets: [{ combatantId: first(st), amount: 3 }] }),
        (st) => ({ type: 'set-max-health', combatantIds: [first(st)], max: 30 }),
        (st) => ({ type: 'set-resource', combatantId: first(st), resource: 'Luck', current: 1, max: 2 }),
        (st) => ({ type: 'add-condition', combatantId: first(st), name: 'Prone' }),
        { type: 'undo' },
        { type: 'redo' },
      ]);
      expect(checkedReplay(log).ok, system).toBe(true);
    }
  });

  it('refuses a health fact whose after is not what the arithmetic gives, or whose before is not the health held', () => {
    const base = logOf('dnd5e', [orc]);
    const state = checkedReplay(base);
    if (!state.ok) throw new Error(state.reason);
    const id = state.state.combatants[0]?.id ?? '';
    const log = logOf('dnd5e', [orc, { type: 'apply-damage', targets: [{ combatantId: id, amount: 6 }] }]);
    const at = log.findIndex((e) => e.type === 'damage-applied');
    expect(checkedReplay(log).ok).toBe(true);
    expect(checkedReplay(edited(log, at, ['targets', 0, 'after', 'current'], 3))).toEqual({
      ok: false,
      index: at,
      reason: 'the health it gives Orc after the change is not what the rules make of the health before and the amount',
    });
    expect(checkedReplay(edited(log, at, ['targets', 0, 'before', 'current'], 14))).toMatchObject({ ok: false, index: at, reason: expect.stringContaining('before the change') });
    expect(checkedReplay(edited(log, at, ['targets', 0, 'amount'], 0))).toMatchObject({ ok: false, index: at, reason: 'its amount must be a whole number from 1 to 9999' });
  });

  it('[ENG-31] caps a pooled group\'s wounds as decide does, and refuses a pool over its cap', () => {
    const base = logOf('genesys', [minions]);
    const state = checkedReplay(base);
    if (!state.ok) throw new Error(state.reason);
    const member = state.state.combatants[0]?.id ?? '';
    const log = logOf('genesys', [minions, { type: 'apply-damage', targets: [{ combatantId: member, amount: 100 }] }]);
    expect(checkedReplay(log).ok).toBe(true);
    const at = log.findIndex((e) => e.type === 'damage-applied');
    expect(checkedReplay(edited(log, at, ['targets', 0, 'after', 'wounds'], 100)).ok).toBe(false);
  });

  it('refuses a combatant with a stat the system lacks or out of its bounds, and options the system refuses', () => {
    const log = logOf('dnd5e', [orc]);
    const at = log.findIndex((e) => e.type === 'combatant-added');
    expect(checkedReplay(edited(log, at, ['combatant', 'stats', 'agility'], 3))).toMatchObject({ ok: false, index: at, reason: expect.stringContaining('no stat called "agility"') });
    expect(checkedReplay(edited(log, at, ['combatant', 'stats', 'dex'], 99))).toMatchObject({ ok: false, index: at, reason: expect.stringContaining('from 1 to 30') });
    expect(checkedReplay(edited(log, 0, ['options', 'surpriseMode'], 'srd99'))).toMatchObject({ ok: false, index: 0, reason: expect.stringContaining('options') });
  });

  it('refuses health in another form than the system counts, and an event that cannot apply', () => {
    const log = logOf('dnd5e', [orc]);
    const at = log.findIndex((e) => e.type === 'combatant-added');
    const wounds = { kind: 'wounds', wounds: 0, threshold: 10, strain: 0, strainThreshold: null };
    expect(checkedReplay(edited(log, at, ['combatant', 'health'], wounds))).toMatchObject({ ok: false, index: at, reason: expect.stringContaining('counts it') });
    expect(checkedReplay([...log, { type: 'hidden-set', combatantId: 'nobody', hidden: true }])).toMatchObject({ ok: false, index: log.length });
  });
});
