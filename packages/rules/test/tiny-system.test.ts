// A sixth system plugged in with one line: the core runs a system it has never heard of, through the
// same decide/evolve/project/verify as the five (docs/adding-a-system.md walks through writing one).
import { describe, expect, it } from 'vitest';
import { createEngine, type Actor, type EncounterEvent, type EncounterState } from '../src/core/index.js';
import { SYSTEMS } from '../src/registry.js';
import { tiny } from './tiny-system/system.js';

const engine = createEngine([...Object.values(SYSTEMS), tiny]);

const GM: Actor = { role: 'gm' };
const SEED = '0123456789abcdef0123456789abcdef';

function act(state: EncounterState, command: Parameters<typeof engine.decide>[1], actor: Actor = GM) {
  const decision = engine.decide(state, command, actor);
  if (!decision.ok) throw new Error(`${command.type} refused: ${decision.violation.message}`);
  return { state: decision.events.reduce(engine.evolve, state), events: decision.events };
}

function fight() {
  const created = engine.createEncounter({ id: 'e1', name: 'Tiny brawl', system: 'tiny', seed: SEED, seedCommitment: '0'.repeat(64) });
  let s = engine.replay([created]);
  const log: EncounterEvent[] = [created];
  const run = (command: Parameters<typeof engine.decide>[1], actor: Actor = GM) => {
    const next = act(s, command, actor);
    log.push(...next.events);
    s = next.state;
  };
  run({ type: 'add-combatant', combatant: { name: 'Ada', side: 'pc', stats: { speed: 5 } } });
  run({ type: 'add-combatant', combatant: { name: 'Rat', side: 'enemy', stats: { speed: 0 }, count: 3 } });
  run({ type: 'add-combatant', combatant: { name: 'Ghost', side: 'enemy', stats: { speed: 2 }, hidden: true } });
  run({ type: 'begin-initiative' });
  run({ type: 'roll-initiative', unit: { kind: 'combatant', id: 'c1' } }, { role: 'player', combatantIds: ['c1'] });
  run({ type: 'roll-npc-initiative' });
  run({ type: 'start-combat' });
  return { state: () => s, log, run };
}

describe('a sixth system, plugged in with one line', () => {
  it('[ENG-12] is offered by the engine it was handed to, and the five stay as they were', () => {
    expect(engine.systemIds).toEqual(['dc20', 'dnd5e', 'genesys', 'lfg', 'uesrpg', 'tiny']);
    expect(engine.getSystem('tiny')?.label).toBe('Tiny (a test system)');
    expect(engine.getSystem('dnd5e')).toBe(SYSTEMS.dnd5e);
  });

  it('[ENG-12] runs a whole fight: its dice, its order, its own command, event, state and view', () => {
    const f = fight();
    const s = f.state();
    // 1d6 + Speed, highest first: the order holds every unit that rolled, hidden ones included (GM).
    expect(s.slots).toHaveLength(3);
    const totals = s.slots.map((slot) => (slot.filler.kind === 'unit' ? engine.project(s, GM).order.find((o) => o.id === slot.id)?.total : null));
    expect([...totals].sort((a, b) => (b ?? 0) - (a ?? 0))).toEqual(totals);
    f.run({ type: 'tiny-rally' });
    f.run({ type: 'end-turn' });
    f.run({ type: 'tiny-rally' });
    expect(engine.project(f.state(), { role: 'spectator' }).ext).toEqual({ system: 'tiny', rallies: 2 });
    // Its own refusal, with its own sentence; and the core's, for a player.
    expect(engine.decide(f.state(), { type: 'tiny-rally' }, GM)).toEqual({
      ok: false,
      violation: { code: 'tiny-no-rallies-left', message: 'The party has no rallies left in this fight.' },
    });
    const asPlayer = engine.decide(f.state(), { type: 'tiny-rally' }, { role: 'player', combatantIds: ['c1'] });
    expect(asPlayer.ok ? null : asPlayer.violation.code).toBe('gm-only');
  });

  it('[ENG-12] replays, projects without what is hidden, and verifies its dice like any system', () => {
    const f = fight();
    f.run({ type: 'end-encounter' });
    expect(engine.replay(f.log)).toEqual(f.state());
    const spectator = engine.project(f.state(), { role: 'spectator' });
    expect(spectator.combatants.map((c) => c.name)).not.toContain('Ghost');
    expect(spectator.order).toHaveLength(2);
    const verified = engine.verifyDice(f.log);
    expect(verified).toMatchObject({ ok: true, mismatches: [] });
    expect(verified.checked).toBe(3);
  });

  it('[ENG-12] an engine without it refuses its encounters cleanly', () => {
    const five = createEngine(Object.values(SYSTEMS));
    const created = engine.createEncounter({ id: 'e2', name: 'x', system: 'tiny', seed: SEED, seedCommitment: '0'.repeat(64) });
    const state = engine.replay([created]);
    expect(() => five.createEncounter({ id: 'e3', name: 'x', system: 'tiny', seed: SEED, seedCommitment: '0'.repeat(64) })).toThrow(
      "The system 'tiny' is not implemented.",
    );
    const refused = five.decide(state, { type: 'begin-initiative' }, GM);
    expect(refused.ok ? null : refused.violation.code).toBe('invalid-command');
    expect(five.verifyDice([created]).ok).toBe(false);
  });
});
