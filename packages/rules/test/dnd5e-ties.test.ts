// [DND-8] Ties are people's choices: the GM orders any tie, players the ties among their own characters.
import { describe, expect, it } from 'vitest';
import { project, type EncounterState } from '../src/index.js';
import { act, add, GM, party, player, refusal, run, scripted, unit } from './harness.js';

/** party() plus a lone Wolf (c7, npc): Borin and Mira tie at 15, the Goblins and the Wolf at 12. */
const tied = (): EncounterState => {
  const s = run(party(), add('Wolf', 'npc'));
  return scripted(scripted(scripted(scripted(s, 'c1', 15), 'c2', 15), 'g3', 12), 'c7', 12);
};
const extOf = (s: EncounterState, audience: Parameters<typeof project>[1] = GM) => {
  const ext = project(s, audience).ext;
  if (ext?.system !== 'dnd5e') throw new Error('no dnd5e view');
  return ext;
};
const tieBreaks = (s: EncounterState) => Object.fromEntries(s.combatants.filter((c) => c.tieBreak !== null).map((c) => [c.id, c.tieBreak]));

describe('who orders a tie', () => {
  it('[DND-8] the players decide the order among their tied characters: any player of a tied character may submit it', () => {
    const order = [unit('c2'), unit('c1')];
    for (const who of [player('c1'), player('c2'), player('c1', 'c2')]) {
      const { state, all } = act(tied(), { type: 'resolve-tie', order }, who);
      expect(all).toEqual([
        { type: 'command-applied', command: 'resolve-tie', by: 'player', player: who.role === 'player' ? who.combatantIds : [] },
        { type: 'tie-resolved', order },
      ]);
      expect(tieBreaks(state)).toEqual({ c2: 0, c1: 1 });
    }
  });

  it('[DND-8] a player whose character is not in the tie cannot order it', () => {
    const s = run(tied(), add('Ayla', 'pc')); // c8
    const v = refusal(s, { type: 'resolve-tie', order: [unit('c2'), unit('c1')] }, player('c8'));
    expect(v.code).toBe('not-your-combatant');
  });

  it('[DND-8] the GM decides the order among tied GM-controlled creatures; players cannot', () => {
    const order = [unit('c7'), unit('g3')];
    expect(refusal(tied(), { type: 'resolve-tie', order }, player('c1')).code).toBe('gm-only');
    expect(act(tied(), { type: 'resolve-tie', order }, GM).events).toEqual([{ type: 'tie-resolved', order }]);
  });

  it('[DND-8] the GM decides a tie between a monster and a player character; the player cannot', () => {
    const s = scripted(scripted(party(), 'c1', 9), 'g3', 9);
    const order = [unit('c1'), unit('g3')];
    expect(refusal(s, { type: 'resolve-tie', order }, player('c1')).message).toBe(
      'Only the GM can order ties that include creatures other than player characters.',
    );
    expect(run(s, { type: 'resolve-tie', order }).groups[0]?.tieBreak).toBe(1);
  });

  it('[DND-8] the GM may also order a tie of player characters', () => {
    expect(tieBreaks(run(tied(), { type: 'resolve-tie', order: [unit('c1'), unit('c2')] }))).toEqual({ c1: 0, c2: 1 });
  });

  it('[DND-8] a player must list exactly the units of one pending tie, during initiative', () => {
    expect(refusal(tied(), { type: 'resolve-tie', order: [unit('c1'), unit('c1')] }, player('c1')).code).toBe('not-a-tie');
    expect(refusal(tied(), { type: 'resolve-tie', order: [unit('c1')] }, player('c1')).code).toBe('not-a-tie');
    const ordered = run(tied(), { type: 'resolve-tie', order: [unit('c1'), unit('c2')] });
    expect(refusal(ordered, { type: 'resolve-tie', order: [unit('c2'), unit('c1')] }, player('c2')).code).toBe('not-a-tie');
    const fighting = run(run(ordered, { type: 'resolve-tie', order: [unit('g3'), unit('c7')] }), { type: 'start-combat' });
    // In combat only a newcomer's tie (ENG-23) waits to be ordered.
    expect(refusal(fighting, { type: 'resolve-tie', order: [unit('c2'), unit('c1')] }, player('c2')).code).toBe('not-a-tie');
  });

  it('[DND-8] [ENG-6] a player naming a hidden combatant is told the same as for one that does not exist', () => {
    const s = scripted(run(tied(), add('Shade', 'pc', { hidden: true })), 'c8', 15); // hidden PC in the 15 tie
    const hidden = refusal(s, { type: 'resolve-tie', order: [unit('c1'), unit('c2'), unit('c8')] }, player('c1'));
    const none = refusal(s, { type: 'resolve-tie', order: [unit('c1'), unit('c2'), unit('c99')] }, player('c1'));
    expect(hidden).toEqual(none);
    expect(hidden.message).not.toContain('Shade');
  });

  it('[DND-8] combat waits for every tie: start-combat is refused while one is pending', () => {
    const s = run(tied(), { type: 'resolve-tie', order: [unit('c1'), unit('c2')] }, player('c1'));
    expect(refusal(s, { type: 'start-combat' }).code).toBe('tie-unresolved');
    const order = run(run(s, { type: 'resolve-tie', order: [unit('g3'), unit('c7')] }), { type: 'start-combat' }).slots;
    expect(order.map((x) => (x.filler.kind === 'unit' ? x.filler.unit.id : ''))).toEqual(['c1', 'c2', 'g3', 'c7']);
  });
});

describe('the pending ties in the view', () => {
  it('[DND-8] each visible pending tie says who may order it', () => {
    expect(extOf(tied(), player('c1')).ties).toEqual([
      { units: [unit('c1'), unit('c2')], decidedBy: 'players' },
      { units: [unit('g3'), unit('c7')], decidedBy: 'gm' },
    ]);
    expect(extOf(run(tied(), { type: 'resolve-tie', order: [unit('c1'), unit('c2')] })).ties).toHaveLength(1);
  });

  it('[DND-8] [ENG-6] hidden units are left out, and a tie with a hidden unit is the GM\'s', () => {
    const s = scripted(run(tied(), add('Shade', 'pc', { hidden: true })), 'c8', 15);
    expect(extOf(s, { role: 'spectator' }).ties[0]).toEqual({ units: [unit('c1'), unit('c2')], decidedBy: 'gm' });
    expect(extOf(s).ties[0]).toEqual({ units: [unit('c1'), unit('c2'), unit('c8')], decidedBy: 'gm' });
    expect(JSON.stringify(project(s, player('c1')))).not.toContain('"c8"');
  });

  it('[DND-8] ties are shown only while initiative is rolled', () => {
    const s = run(run(run(tied(), { type: 'resolve-tie', order: [unit('c1'), unit('c2')] }), { type: 'resolve-tie', order: [unit('g3'), unit('c7')] }), {
      type: 'start-combat',
    });
    expect(extOf(s).ties).toEqual([]);
  });
});
