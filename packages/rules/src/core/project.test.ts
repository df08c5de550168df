import { project } from '../index.js';
import { describe, expect, it } from 'vitest';
import type { EncounterState } from './model.js';
import type { Audience } from './view.js';
import { add, party, run, scripted, unit } from '../../test/harness.js';

const spectator: Audience = { role: 'spectator' };
const borin: Audience = { role: 'player', combatantIds: ['c1'] };
const gm: Audience = { role: 'gm' };

/** Party + a hidden Assassin (c7) + a hidden group of Shades (g8: c9, c10), all rolled. */
function withSecrets(): EncounterState {
  let s = run(party(), add('Assassin', 'enemy', { hidden: true, note: 'Waits behind the curtain' }));
  s = run(s, add('Shade', 'enemy', { hidden: true, count: 2 }));
  s = run(s, { type: 'set-hidden', combatantId: 'c4', hidden: true }); // one hidden goblin
  return scripted(scripted(scripted(scripted(scripted(s, 'c7', 20), 'g8', 19), 'c2', 15), 'c1', 15), 'g3', 10);
}

describe('project', () => {
  it('a unit\'s view is made once per version; the views of a version a command replaced are forgotten', () => {
    const s = party();
    const viewOf = (state: EncounterState) => project(state, gm).combatants.find((c) => c.id === 'c1');
    const first = viewOf(s);
    expect(viewOf(s)).toBe(first);
    const next = run(s, { type: 'set-hidden', combatantId: 'c1', hidden: true });
    expect(viewOf(next)).toBe(viewOf(next));
    // Still reachable through `s` (as through an undo step), but no longer cached: made again, equal.
    const again = viewOf(s);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('[ENG-6] the table\'s order is kept while it comes out the same, and follows the units it shows', () => {
    let s = withSecrets();
    s = run(s, { type: 'resolve-tie', order: [unit('c2'), unit('c1')] });
    s = run(s, { type: 'start-combat' });
    const ended = run(s, { type: 'end-turn' });
    const order = project(s, spectator).order;
    // An ended turn changes no slot anyone sees: the very array, so a patch skips it.
    expect(project(ended, spectator).order).toBe(order);
    expect(project(ended, borin).order).toBe(order);
    // Hiding Borin changes who the table sees, in the order as everywhere else.
    const hidden = run(ended, { type: 'set-hidden', combatantId: 'c1', hidden: true });
    expect(project(hidden, spectator).order.map((o) => o.label)).toEqual(['Mira', 'Goblin']);
    expect(project(hidden, spectator).combatants.map((c) => c.id)).not.toContain('c1');
    // The state before it (as an undo step keeps it) still shows him: what was kept for it is made again.
    expect(project(ended, spectator).order.map((o) => o.label)).toEqual(['Mira', 'Borin', 'Goblin']);
    expect(project(ended, spectator).order).toEqual(order);
  });

  it('[ENG-6] the GM sees everything: hidden flags, stats and notes', () => {
    const v = project(withSecrets(), gm);
    expect(v.combatants).toHaveLength(8);
    expect(v.combatants.find((c) => c.id === 'c7')).toMatchObject({
      hidden: true,
      note: 'Waits behind the curtain',
      stats: { dex: 10, initBonus: 0 },
    });
    expect(v.groups.map((g) => g.id)).toEqual(['g3', 'g8']);
    expect(v.pendingTies).toEqual([[unit('c1'), unit('c2')]]);
  });

  it('[ENG-6] players and spectators never receive hidden combatants, their names or their ids', () => {
    let s = withSecrets();
    s = run(s, { type: 'resolve-tie', order: [unit('c2'), unit('c1')] });
    s = run(s, { type: 'start-combat' }); // the Assassin's turn
    for (const audience of [spectator, borin]) {
      const v = project(s, audience);
      const json = JSON.stringify(v);
      for (const secret of ['Assassin', 'Shade', 'Goblin 1', '"c7"', '"c9"', '"c10"', '"c4"', '"g8"', 'curtain']) {
        expect(json).not.toContain(secret);
      }
      expect(v.turn).toBeNull();
      expect(v.order.map((o) => o.label)).toEqual(['Mira', 'Borin', 'Goblin']);
      expect(v.groups.map((g) => g.id)).toEqual(['g3']);
      expect(v.combatants.every((c) => !c.hidden && c.note === undefined)).toBe(true);
    }
    expect(project(s, gm).turn?.actorIds).toEqual(['c7']);
  });

  it('[ENG-6] a visible group turn shows only its visible members', () => {
    let s = scripted(scripted(party(), 'g3', 20), 'c2', 15);
    s = scripted(s, 'c1', 10);
    s = run(s, { type: 'set-hidden', combatantId: 'c5', hidden: true });
    s = run(s, { type: 'start-combat' });
    expect(project(s, spectator).turn).toEqual({ slotId: s.turn?.slotId, actorIds: ['c4', 'c6'] });
    expect(project(s, gm).turn?.actorIds).toEqual(['c4', 'c5', 'c6']);
  });

  it('[ENG-6] a player sees the stats of their own combatants only, marked mine', () => {
    const v = project(withSecrets(), borin);
    expect(v.combatants.find((c) => c.id === 'c1')).toMatchObject({ mine: true, stats: { dex: 14, initBonus: 0 } });
    const mira = v.combatants.find((c) => c.id === 'c2');
    expect(mira?.mine).toBe(false);
    expect(mira && 'stats' in mira).toBe(false);
    const spect = project(withSecrets(), spectator);
    expect(spect.combatants.some((c) => c.stats !== undefined || c.mine)).toBe(false);
  });

  it('[ENG-6] pending ties list only visible units; a tie with a hidden unit alone is left out', () => {
    let s = scripted(scripted(party(), 'c1', 12), 'c2', 12);
    s = run(s, add('Assassin', 'enemy', { hidden: true }));
    s = scripted(scripted(s, 'c7', 12), 'g3', 5);
    expect(project(s, gm).pendingTies).toEqual([[unit('c1'), unit('c2'), unit('c7')]]);
    expect(project(s, spectator).pendingTies).toEqual([[unit('c1'), unit('c2')]]);
    const t = scripted(scripted(run(party(), add('Assassin', 'enemy', { hidden: true })), 'c7', 9), 'c1', 9);
    expect(project(t, borin).pendingTies).toEqual([]);
  });

  it('[ENG-7] the seed is revealed to no one before the end, the commitment to everyone', () => {
    const s = withSecrets();
    for (const audience of [gm, borin, spectator]) {
      expect(project(s, audience).seed).toBeNull();
      expect(project(s, audience).seedCommitment).toBe(s.dice.seedCommitment);
      expect(JSON.stringify(project(s, audience))).not.toContain(s.dice.seed);
    }
    const ended = run(s, { type: 'end-encounter' });
    for (const audience of [gm, borin, spectator]) expect(project(ended, audience).seed).toBe(s.dice.seed);
  });

  it('[ENG-6] the order shows each visible slot with its label and total', () => {
    let s = scripted(scripted(scripted(party(), 'c1', 12), 'c2', 18), 'g3', 7);
    s = run(s, { type: 'start-combat' });
    expect(project(s, spectator).order).toEqual([
      { id: 's7', side: 'pc', unit: unit('c2'), label: 'Mira', total: 18 },
      { id: 's8', side: 'pc', unit: unit('c1'), label: 'Borin', total: 12 },
      { id: 's9', side: 'enemy', unit: unit('g3'), label: 'Goblin', total: 7 },
    ]);
    expect(project(s, spectator)).toMatchObject({ audience: 'spectator', phase: 'active', round: 1 });
  });

  it('[ENG-45] [ENG-6] a stat block is kept with each combatant it was added with, and only the GM sees it', () => {
    const statBlock = { ac: 15, acNote: 'leather armor, shield', hpFormula: '2d6', actions: [{ name: 'Scimitar', text: 'Melee Weapon Attack: +4 to hit.' }] };
    let s = run(party(), add('Hobgoblin', 'enemy', { count: 2, statBlock }));
    s = run(s, add('Aria', 'pc', { statBlock: { ac: 14 } }));
    const gmView = project(s, gm);
    const goblins = gmView.combatants.filter((c) => c.name.startsWith('Hobgoblin '));
    expect(goblins.map((c) => c.statBlock)).toEqual([statBlock, statBlock]);
    const aria = gmView.combatants.find((c) => c.name === 'Aria');
    expect(aria?.statBlock).toEqual({ ac: 14 });
    // Aria's own player sees her stats, but not the stat block; nobody else sees any.
    const ariaPlayer: Audience = { role: 'player', combatantIds: [aria!.id] };
    for (const audience of [spectator, borin, ariaPlayer]) {
      const view = project(s, audience);
      expect(view.combatants.length).toBeGreaterThan(0);
      expect(view.combatants.filter((c) => 'statBlock' in c)).toEqual([]);
      expect(JSON.stringify(view)).not.toContain('leather armor');
    }
    expect(project(s, ariaPlayer).combatants.find((c) => c.id === aria!.id)?.stats).toBeDefined();
  });
});
