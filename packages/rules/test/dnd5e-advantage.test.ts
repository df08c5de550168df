// [DND-23] Named sources of advantage and disadvantage, combined by the engine (DND-2).
import { describe, expect, it } from 'vitest';
import type { EncounterState } from '../src/index.js';
import { combineSources } from '../src/systems/dnd5e/advantage.js';
import { act, party, player, refusal, run, unit } from './harness.js';

const roll = (advantage: string[], disadvantage: string[], faces?: number[]) =>
  ({ type: 'dnd5e-roll-initiative', unit: unit('c1'), advantage, disadvantage, ...(faces ? { faces } : {}) }) as const;
const rollOf = (s: EncounterState, id: string) => s.combatants.find((c) => c.id === id)?.initiative;

describe('advantage and disadvantage from named sources', () => {
  it('[DND-23] [DND-2] several advantages never stack; any advantage with any disadvantage is one straight d20', () => {
    expect(combineSources([], [])).toBe('normal');
    expect(combineSources(['Bless', 'Help'], [])).toBe('advantage');
    expect(combineSources([], ['Poisoned', 'Restrained'])).toBe('disadvantage');
    expect(combineSources(['Bless', 'Help', 'Feat'], ['Poisoned'])).toBe('normal');
  });

  it('[DND-23] the engine rolls the combined dice and says why in the event, before the roll', () => {
    const two = act(party(), roll(['Feral Instinct', 'Help'], []));
    expect(two.events[0]).toEqual({ type: 'dnd5e-roll-sources', unit: unit('c1'), advantage: ['Feral Instinct', 'Help'], disadvantage: [], mode: 'advantage' });
    expect(rollOf(two.state, 'c1')).toMatchObject({ mode: 'advantage', source: 'server' });
    expect(rollOf(two.state, 'c1')?.dice).toHaveLength(2);
    const straight = act(party(), roll(['Feral Instinct'], ['Poisoned', 'Exhaustion']));
    expect(straight.events[0]).toMatchObject({ mode: 'normal' });
    expect(rollOf(straight.state, 'c1')?.dice).toHaveLength(1);
  });

  it('[DND-23] [ENG-21] real dice must match the combined result; a player rolls only for their own PC', () => {
    expect(refusal(party(), roll(['Help'], ['Poisoned'], [12, 5])).code).toBe('invalid-dice');
    expect(refusal(party(), roll(['Help'], [], [12])).code).toBe('invalid-dice');
    const s = run(party(), roll(['Help'], [], [12, 5]));
    expect(rollOf(s, 'c1')).toMatchObject({ kept: 12, mode: 'advantage', source: 'physical' });
    expect(refusal(party(), roll(['Help'], []), player('c2')).code).toBe('not-your-combatant');
    expect(refusal(party(), roll([' '], [])).code).toBe('invalid-command');
  });

  it('[DND-23] [DND-14] srd52 surprise joins the sources as "Surprised": with an advantage the roll is straight, with another disadvantage still one', () => {
    let s = run(party(), { type: 'set-options', options: { surpriseMode: 'srd52' } });
    s = run(s, { type: 'dnd5e-set-surprised', combatantId: 'c1', surprised: true });
    const adv = act(s, roll(['Help'], ['Poisoned']));
    expect(adv.events[0]).toMatchObject({ disadvantage: ['Poisoned', 'Surprised'], mode: 'normal' });
    expect(rollOf(adv.state, 'c1')).toMatchObject({ mode: 'normal' });
    expect(rollOf(adv.state, 'c1')?.dice).toHaveLength(1);
    const dis = act(s, roll([], []));
    expect(dis.events[0]).toMatchObject({ disadvantage: ['Surprised'], mode: 'disadvantage' });
    expect(rollOf(dis.state, 'c1')?.dice).toHaveLength(2);
  });

  it('[DND-23] the plain mode of roll-initiative still works as before', () => {
    const s = run(party(), { type: 'roll-initiative', unit: unit('c1'), mode: 'advantage' });
    expect(rollOf(s, 'c1')).toMatchObject({ mode: 'advantage' });
  });
});
