// GEN-36 / ENG-24 / DC20-40: players and spectators cannot count the slots made by hidden NPCs.
import { describe, expect, it } from 'vitest';
import { project, type EncounterState } from '../src/index.js';
import { add, GM, player, run, unit } from './harness.js';
import { expectHealthSeen } from './health-invariants.js';
import { claim, crew, genesysView } from './genesys-harness.js';
import { Table } from './dc20-harness.js';

const enter = (s: EncounterState, id: string, faces: number[]) => run(s, { type: 'enter-initiative', unit: unit(id), faces });

/** crew() with `hidden` hidden snipers (c8, c9, …: Cool 2 Ability + 2 Boost), all rolled, in combat. */
function table(hidden: number): EncounterState {
  let s = crew();
  // Distinct results (4, 3, 2 successes), so no tie waits to be ordered.
  const faces = [
    [4, 4, 1, 1],
    [4, 2, 1, 1],
    [2, 2, 1, 1],
  ];
  for (let i = 0; i < hidden; i++) {
    s = run(s, add(`Sniper ${i + 1}`, 'enemy', { hidden: true, stats: { willpower: 3 } }));
    const id = `c${8 + i}`;
    s = run(s, { type: 'genesys-declare-check', unit: unit(id), skill: 'cool', boost: 2, setback: 0 });
    s = enter(s, id, faces[i] ?? []);
  }
  s = enter(enter(enter(enter(s, 'c1', [2, 2]), 'c2', [6, 2, 1]), 'g3', [1, 1]), 'c7', [2, 5, 5]);
  return run(s, { type: 'start-combat' });
}

describe('hidden slots', () => {
  it('[GEN-36] [ENG-24] [ENG-6] non-GM views with hidden NPCs show as many slots as without them', () => {
    const plain = table(0);
    for (const hidden of [1, 2, 3]) {
      const s = table(hidden);
      expect(project(s, GM).order).toHaveLength(plain.slots.length + hidden);
      for (const audience of [player('c1'), { role: 'spectator' } as const]) {
        const sides = (x: EncounterState) => project(x, audience).order.map((o) => o.side);
        expect(sides(s)).toEqual(sides(plain));
        expect(genesysView(s, audience).ranking).toHaveLength(plain.slots.length);
      }
    }
  });

  it('[GEN-36] [ENG-24] a hidden NPC filling a slot made by a visible one is not shown; a revealed unit’s slot appears', () => {
    let s = table(1); // the sniper's slot s9 comes first
    expect(project(s, player('c1')).turn).toBeNull();
    expect(genesysView(s, player('c1')).fill).toBeNull();
    s = run(run(s, claim(s, unit('c8'))), { type: 'end-turn' });
    expect(genesysView(s, player('c1')).fill?.slotId).toBe('s10');
    s = run(s, { type: 'set-hidden', combatantId: 'c8', hidden: false });
    expect(project(s, player('c1')).order.map((o) => o.id)).toEqual(project(s, GM).order.map((o) => o.id));
  });

  it('[GEN-41] [GEN-36] [ENG-24] a visible NPC acting in a hidden unit\'s slot is shown acting there, the slot open, unranked, without its total', () => {
    let s = table(1); // the sniper's slot s9 comes first; the GM gives it to Captain Vex
    s = run(s, claim(s, unit('c7')));
    for (const audience of [player('c1'), { role: 'spectator' } as const]) {
      const view = project(s, audience);
      expect(view.turn).toEqual({ slotId: 's9', actorIds: ['c7'] });
      expect(view.order[0]).toEqual({ id: 's9', side: 'npc', unit: null, label: 'npc', total: null });
      expect(view.order).toHaveLength(project(table(0), audience).order.length + 1);
      expect(genesysView(s, audience).ranking.map((r) => r.slotId)).not.toContain('s9');
      const json = JSON.stringify(view);
      expect(json).not.toContain('Sniper');
      expect(json).not.toContain('"c8"');
    }
    // Once the turn has passed, the slot is hidden again.
    s = run(s, { type: 'end-turn' });
    expect(project(s, player('c1')).order.map((o) => o.id)).not.toContain('s9');
  });

  it('[GEN-41] [ENG-6] the hidden sniper acting in its own slot stays unseen: no turn, no slot', () => {
    let s = table(1);
    s = run(s, claim(s, unit('c8')));
    const view = project(s, player('c1'));
    expect(view.turn).toBeNull();
    expect(view.order.map((o) => o.id)).not.toContain('s9');
  });
});

describe('dc20 enemy turns', () => {
  /** Ayla and Bram vs Goblins, with `hidden` hidden Shades on the same enemy team, in combat. */
  function dc20Table(hidden: number): Table {
    const t = new Table();
    t.add('Ayla', 'pc');
    t.add('Bram', 'pc');
    t.add('Gob A', 'enemy');
    for (let i = 0; i < hidden; i++) t.add(`Shade ${i + 1}`, 'enemy', {}, { hidden: true });
    t.run({ type: 'dc20-set-encounter-dc', dc: { kind: 'custom', dc: 12 } });
    t.run({ type: 'begin-initiative' });
    t.check('c1', 14);
    t.check('c2', 9);
    t.run({ type: 'start-combat' });
    return t;
  }

  it('[DC20-40] [ENG-24] [ENG-6] enemy turns number the PCs, so hidden enemies add no slot for non-GM views', () => {
    const plain = dc20Table(0);
    for (const hidden of [1, 2]) {
      const t = dc20Table(hidden);
      for (const audience of [player('c1'), { role: 'spectator' } as const]) {
        const view = project(t.state, audience);
        expect(view.order.map((o) => o.side)).toEqual(project(plain.state, audience).order.map((o) => o.side));
        const ext = view.ext;
        if (ext?.system !== 'dc20') throw new Error('no dc20 view');
        expect(ext.turns.filter((x) => x.team !== 'pc').every((x) => x.holders.length === 0)).toBe(true);
      }
    }
  });
});

describe('health of hidden units', () => {
  it('[ENG-6] [ENG-32] [GEN-38] a hidden sniper\'s wounds and a hidden minion pool never reach players or spectators', () => {
    let s = table(1);
    s = run(s, add('Shadow', 'enemy', { hidden: true, count: 3, health: { max: 4 } }));
    const shadow = s.combatants.find((c) => c.name === 'Shadow 2')?.id ?? '';
    s = run(s, { type: 'set-max-health', combatantIds: ['c8'], max: 9 });
    s = run(s, { type: 'apply-damage', targets: [{ combatantId: 'c8', amount: 5 }, { combatantId: shadow, amount: 6 }] });
    s = run(s, { type: 'set-options', options: { npcHealthView: 'numbers' } });
    expect(project(s, GM).groups.find((g) => g.name === 'Shadow')?.health).toMatchObject({ shown: 'numbers', health: { wounds: 6 } });
    for (const audience of [player('c1'), { role: 'spectator' } as const]) {
      const json = JSON.stringify(project(s, audience));
      expect(json).not.toContain('Shadow');
      expect(json).not.toContain('"wounds":6');
      expect(json).not.toContain('"wounds":5');
    }
    expectHealthSeen(s);
  });
});
