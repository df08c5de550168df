// lfg wired into the engine, one behaviour per test: the party's check, the roller, surprise, bands,
// delay and ready actions, morale, rallying, retreat, conditions, roster changes, dice and privacy.
import { describe, expect, it } from 'vitest';
import { project, verifyDice } from '../src/index.js';
import { fighting, foe, GM, ogreDen, pc, player, Table } from './lfg-harness.js';

const c = (id: string) => ({ kind: 'combatant', id }) as const;
const g = (id: string) => ({ kind: 'group', id }) as const;

describe('lfg: the party check and the order', () => {
  it('[LFG-1] [LFG-6] [LFG-11] success (face ≤ Initiative): bosses and heavies, then the party, then the other enemies', () => {
    const t = fighting([9]); // Ana's Initiative 12: 9 succeeds, above 6 (half) so not a Great Success
    expect(t.ext.check?.roll).toMatchObject({ kept: 9, total: 9, outcome: 'success', detail: { target: 12 }, source: 'physical' });
    expect(t.order).toEqual(['c7', 'c8', 'c1', 'c2', 'c3', 'c9', 'g4']);
    expect(project(t.state, { role: 'spectator' }).ext).toMatchObject({
      bands: ['bosses-and-heavies', 'party', 'other-enemies'],
      ranks: { c7: 'heavy', c8: 'boss', g4: 'normal' },
    });
  });

  it('[LFG-2] [LFG-11] Great Success (face ≤ half the score) puts the party before every enemy', () => {
    expect(fighting([6]).order).toEqual(['c1', 'c2', 'c3', 'c9', 'g4', 'c7', 'c8']);
  });

  it('[LFG-2] option greatSuccess natural1: only a 1 is a Great Success', () => {
    expect(fighting([6], { greatSuccess: 'natural1' }).ext.check?.roll.outcome).toBe('success');
    expect(fighting([1], { greatSuccess: 'natural1' }).ext.check?.roll.outcome).toBe('critical-success');
  });

  it('[LFG-1] [LFG-11] failure, and a natural 20 always fails: every enemy first', () => {
    const t = new Table();
    t.do(pc('Hero', 20));
    t.do(foe('Rat'));
    t.do({ type: 'begin-initiative' });
    t.do({ type: 'enter-initiative', unit: c('c1'), faces: [20] });
    t.do({ type: 'start-combat' });
    expect(t.ext.check?.roll.outcome).toBe('failure');
    expect(t.order).toEqual(['c2', 'c1']);
  });

  it('[LFG-3] advantage rolls two d20 and keeps the lower, disadvantage the higher', () => {
    const t = ogreDen();
    t.do({ type: 'begin-initiative' });
    expect(t.refused({ type: 'enter-initiative', unit: c('c1'), faces: [15], mode: 'advantage' }).code).toBe('invalid-dice');
    t.do({ type: 'enter-initiative', unit: c('c1'), faces: [15, 4], mode: 'advantage' });
    expect(t.ext.check?.roll).toMatchObject({ kept: 4, mode: 'advantage', dice: [{ face: 15 }, { face: 4 }] });
    const u = ogreDen();
    u.do({ type: 'begin-initiative' });
    u.do({ type: 'enter-initiative', unit: c('c1'), faces: [15, 4], mode: 'disadvantage' });
    expect(u.ext.check?.roll).toMatchObject({ kept: 15, outcome: 'failure' });
  });

  it('[LFG-6] monsters never roll, nothing ties, and combat starts without them', () => {
    const t = ogreDen();
    t.do({ type: 'begin-initiative' });
    expect(t.refused({ type: 'roll-initiative', unit: g('g4') }).code).toBe('invalid-command');
    expect(t.refused({ type: 'roll-initiative', unit: c('c7') }).code).toBe('invalid-command');
    expect(t.refused({ type: 'roll-npc-initiative' }).code).toBe('not-supported');
    expect(project(t.state, { role: 'gm' }).pendingTies).toEqual([]);
    t.do({ type: 'start-combat' });
    expect(t.state.phase).toBe('active');
  });

  it('[LFG-7] [LFG-9] with nobody chosen, round 1 waits for the table to choose and roll; end-turn is held', () => {
    const t = ogreDen();
    t.do({ type: 'begin-initiative' });
    t.do({ type: 'start-combat' });
    const view = project(t.state, { role: 'player', combatantIds: ['c2'] }).ext;
    expect(view).toMatchObject({ awaitingCheck: true, decisions: [{ kind: 'choose-roller', blocking: true, candidates: ['c1', 'c2', 'c3'] }] });
    expect(t.refused({ type: 'end-turn' }).code).toBe('decision-pending');
    expect(t.refused({ type: 'lfg-set-roller', combatantId: 'c1' }, player('c2')).code).toBe('not-your-combatant');
    t.do({ type: 'lfg-set-roller', combatantId: 'c2' }, player('c2'));
    expect(project(t.state, { role: 'gm' }).ext).toMatchObject({ decisions: [{ kind: 'party-initiative', rollerId: 'c2', round: 1 }] });
    expect(t.refused({ type: 'lfg-set-roller', combatantId: 'c3' }, player('c3')).code).toBe('gm-only');
    t.do({ type: 'roll-initiative', unit: c('c2') }, player('c2'));
    expect(t.state.turn).not.toBeNull();
    expect(t.order[t.order.indexOf('c2') + 1]).toBe('c3');
  });

  it('[LFG-7] [LFG-29] option autoRoll: the server rolls for the roller at each round start, dice recorded', () => {
    const t = fighting([9], { autoRoll: true });
    while (t.state.round === 1) t.endTurn();
    expect(t.ext).toMatchObject({ awaitingCheck: false, roller: 'c2', check: { round: 2, rollerId: 'c2', roll: { source: 'server' } } });
    expect(t.state.turn).not.toBeNull();
    expect(verifyDice(t.log).ok).toBe(true);
  });

  it('[LFG-8] the GM names the next roller mid-round; the rotation continues from whoever rolled', () => {
    const t = fighting([9]);
    t.do({ type: 'lfg-set-roller', combatantId: 'c3' });
    while (t.state.round === 1) t.endTurn();
    expect(t.ext.roller).toBe('c3');
    t.do({ type: 'roll-initiative', unit: c('c3') }, player('c3'));
    while (t.state.round === 2) t.endTurn();
    expect(t.ext.roller).toBe('c1');
  });

  it('[LFG-8] set-seating changes clockwise; a PC who is down is passed over', () => {
    const t = ogreDen();
    t.do({ type: 'lfg-set-seating', order: ['c1', 'c3', 'c2'] });
    expect(t.refused({ type: 'lfg-set-seating', order: ['c1', 'c2'] }).code).toBe('invalid-command');
    t.do({ type: 'begin-initiative' });
    t.do({ type: 'enter-initiative', unit: c('c1'), faces: [9] });
    t.do({ type: 'start-combat' });
    expect(t.order.slice(2, 5)).toEqual(['c1', 'c3', 'c2']);
    t.do({ type: 'set-defeated', combatantId: 'c3', defeated: true });
    while (t.state.round === 1) t.endTurn();
    expect(t.ext.roller).toBe('c2');
  });

  it('[LFG-9] option rotateFirstRoller: the seat after the previous combat\'s first roller rolls first', () => {
    const t = ogreDen({ rotateFirstRoller: true, previousFirstSeat: 3 });
    t.do({ type: 'begin-initiative' });
    expect(project(t.state, { role: 'gm' }).ext).not.toMatchObject({ decisions: [{ kind: 'choose-roller' }] });
    expect(t.refused({ type: 'roll-initiative', unit: c('c2') }, player('c2')).code).toBe('lfg-not-the-roller');
    t.do({ type: 'roll-initiative', unit: c('c1') }, player('c1'));
    expect(t.ext.firstRoller).toBe('c1');
  });

  it('[LFG-10] [LFG-13] the GM orders monsters, also the rest of the current round, never across bands', () => {
    const t = fighting([9]);
    t.do({ type: 'lfg-order-monsters', order: [c('c8'), c('c7')] });
    expect(t.order.slice(0, 2)).toEqual(['c7', 'c8']); // the Ogre's turn is running: it stays first
    const u = fighting([20]);
    u.do({ type: 'lfg-order-monsters', order: [c('c8'), c('c7'), g('g4')] });
    expect(u.order).toEqual(['g4', 'c8', 'c7', 'c1', 'c2', 'c3', 'c9']);
    expect(u.refused({ type: 'lfg-order-monsters', order: [c('c1')] }).code).toBe('invalid-command');
  });

  it('[LFG-12] [LFG-14] each slot is one turn; a defeated PC keeps a slot but is skipped', () => {
    const t = fighting([9]);
    t.do({ type: 'set-defeated', combatantId: 'c2', defeated: true });
    const seen: string[] = [];
    while (t.state.round === 1) {
      seen.push(t.actors);
      t.endTurn();
    }
    expect(seen).toEqual(['c7', 'c8', 'c1', 'c3', 'c9', 'c5+c6']);
  });

  it('[LFG-5] surprise: round 1 is the party\'s free round without a check; round 2\'s check is by the first roller', () => {
    const t = ogreDen();
    t.do({ type: 'begin-initiative' });
    t.do({ type: 'lfg-declare-surprise', side: 'party' });
    t.do({ type: 'lfg-set-roller', combatantId: 'c2' });
    expect(t.refused({ type: 'roll-initiative', unit: c('c2') }).code).toBe('lfg-no-check-due');
    t.do({ type: 'start-combat' });
    expect(t.order).toEqual(['c2', 'c3', 'c1', 'c9']);
    while (t.state.round === 1) t.endTurn();
    expect(t.ext).toMatchObject({ awaitingCheck: true, roller: 'c2' });
    const e = ogreDen();
    e.do({ type: 'begin-initiative' });
    e.do({ type: 'lfg-declare-surprise', side: 'enemies' });
    e.do({ type: 'start-combat' });
    expect(e.order).toEqual(['g4', 'c7', 'c8']);
  });
});

describe('lfg: delay and ready', () => {
  it('[LFG-15] a delay may name a later slot; the PC acts once there', () => {
    const t = fighting([6]);
    const target = t.state.slots[4]?.id; // the Goblins
    t.do({ type: 'delay-turn', targetSlotId: target }, player('c1'));
    expect(t.order).toEqual(['c2', 'c3', 'c9', 'c1', 'g4', 'c7', 'c8']);
    expect(t.actors).toBe('c2');
    // [ENG-38] A turn the player cannot see (or that does not exist) is refused before lfg's rules.
    expect(t.refused({ type: 'delay-turn', targetSlotId: 'nowhere' }, player('c2')).code).toBe('invalid-command');
    expect(t.refused({ type: 'delay-turn', targetSlotId: 'nowhere' }).code).toBe('lfg-cannot-delay');
  });

  it('[LFG-15] a held PC comes back when they say so; only PCs delay', () => {
    const t = fighting([6]);
    t.do({ type: 'delay-turn' }, player('c1'));
    expect(project(t.state, { role: 'spectator' }).ext).toMatchObject({ held: ['c1'] });
    t.do({ type: 'lfg-resume-turn', combatantId: 'c1' }, player('c1'));
    t.endTurn(); // Bo
    expect(t.actors).toBe('c1');
    t.endTurn();
    t.endTurn(); // Cy
    expect(t.actors).toBe('c9');
    expect(t.refused({ type: 'delay-turn' }).code).toBe('lfg-cannot-delay');
    expect(t.refused({ type: 'lfg-resume-turn', combatantId: 'c2' }).code).toBe('lfg-not-held');
  });

  it('[LFG-16] a readied action uses the turn; the GM triggers it (simultaneous, or a check), or it lapses at the next turn', () => {
    const t = fighting([6]);
    t.do({ type: 'lfg-ready-action', trigger: 'the ogre charges' }, player('c1'));
    expect(t.actors).toBe('c2');
    expect(project(t.state, { role: 'spectator' }).ext).toMatchObject({ readied: [{ combatantId: 'c1', trigger: 'the ogre charges' }] });
    t.do({ type: 'lfg-trigger-ready', combatantId: 'c1', simultaneous: false, faces: [3] });
    expect(t.ext.lastReady).toMatchObject({ order: 'readier-first', rolls: [{ kept: 3 }] });
    t.do({ type: 'lfg-ready-action', trigger: 'anyone opens the door' }, player('c2'));
    t.do({ type: 'lfg-trigger-ready', combatantId: 'c2', simultaneous: false, opposedScore: 10, faces: [2, 2] });
    expect(t.ext.lastReady).toMatchObject({ order: 'gm-decides' }); // two Great Successes on the same face
    t.do({ type: 'lfg-ready-action', trigger: 'never' }, player('c3'));
    while (t.state.round === 1) t.endTurn();
    t.do({ type: 'roll-initiative', unit: c('c2') }, player('c2'));
    while (t.actors !== 'c3') t.endTurn();
    expect(t.ext.readied).toEqual([]);
    expect(t.log.some((e) => e.type === 'lfg-ready-lapsed')).toBe(true);
  });
});

describe('lfg: morale', () => {
  it('[LFG-17] [LFG-18] [LFG-19] [LFG-21] an immediate check for a kind: one roll against Will + modifier; PCs never check', () => {
    const t = fighting([9]);
    expect(t.refused({ type: 'lfg-call-morale', combatantIds: ['c1'] }).code).toBe('lfg-no-morale-subject');
    expect(t.refused({ type: 'lfg-call-morale', combatantIds: ['c5'] }, player('c1')).code).toBe('gm-only');
    t.do({ type: 'lfg-call-morale', combatantIds: ['c5', 'c6'], timing: 'immediate', modifier: 2, faces: [10] });
    expect(t.ext.lastMorale).toMatchObject([{ rolls: [{ id: 'c5', result: { kept: 10, target: 9, outcome: 'failure' } }], broken: ['c5', 'c6'] }]);
    expect(t.order.includes('g4')).toBe(true);
    while (t.state.round === 1 && t.actors !== '') t.endTurn();
    expect(t.order.includes('g4')).toBe(false); // [LFG-23] broken monsters have fled: no slot next round
  });

  it('[LFG-18] scope individual and group: each rolls; a group holds when at least half succeed', () => {
    const t = fighting([9]);
    t.do({ type: 'lfg-call-morale', combatantIds: ['c5', 'c6', 'c7'], scope: 'group', timing: 'immediate', faces: [1, 20, 20] });
    expect(t.ext.broken).toEqual(['c5', 'c6', 'c7']);
    const u = fighting([9]);
    u.do({ type: 'lfg-call-morale', combatantIds: ['c5', 'c6'], scope: 'individual', timing: 'immediate', faces: [1, 20] });
    expect(u.ext.broken).toEqual(['c6']);
  });

  it('[LFG-20] [LFG-22] [LFG-29] half a kind down suggests a check; called for the round end, it is rolled then', () => {
    const t = fighting([9]);
    t.do({ type: 'set-defeated', combatantId: 'c5', defeated: true });
    const [s] = t.ext.suggestions;
    expect(s).toMatchObject({ triggers: ['half-down'], members: ['c6'] });
    // (issue 28) The GM reads how many of the kind are down, not "half of them" with 1 of 4 enemies down.
    expect(project(t.state, GM).ext).toMatchObject({ decisions: [{ kind: 'morale-suggested', down: 1, of: 2 }] });
    expect(project(t.state, { role: 'spectator' }).ext).not.toMatchObject({ decisions: [{ kind: 'morale-suggested' }] });
    t.do({ type: 'lfg-call-morale', combatantIds: ['c6'], suggestionId: s?.id ?? '' });
    expect(t.ext.calledMorale).toHaveLength(1);
    expect(project(t.state, { role: 'spectator' }).ext).toMatchObject({ calledMorale: null });
    while (t.state.round === 1) t.endTurn();
    expect(t.ext.calledMorale).toEqual([]);
    expect(t.ext.lastMorale[0]?.rolls[0]?.id).toBe('c6');
    t.do({ type: 'set-defeated', combatantId: 'c8', defeated: true });
    expect(t.ext.suggestions.at(-1)).toMatchObject({ triggers: ['leader-down', 'half-down'], members: ['c6', 'c7'] });
    // A leader's fall counts the whole side: the Goblin and the Sorcerer down, of four enemies.
    const ext = project(t.state, GM).ext;
    const decisions = ext?.system === 'lfg' ? ext.decisions.filter((d) => d.kind === 'morale-suggested') : [];
    expect(decisions.at(-1)).toMatchObject({ down: 2, of: 4 });
    t.do({ type: 'lfg-dismiss-morale', suggestionId: t.ext.suggestions.at(-1)?.id ?? '' });
    expect(t.ext.suggestions).toEqual([]);
  });

  it('[LFG-17] [LFG-23] the GM may simply break morale; [LFG-25] a PC rallies a broken hireling', () => {
    const t = fighting([9], { actionEconomy: false });
    t.do({ type: 'lfg-break-morale', combatantIds: ['c9'] });
    t.endTurn();
    t.endTurn(); // Ana's (c1) turn
    expect(t.refused({ type: 'lfg-rally', rallierId: 'c1', combatantIds: ['c7'] }).code).toBe('lfg-cannot-rally');
    t.do({ type: 'lfg-rally', rallierId: 'c1', combatantIds: ['c9'], faces: [15] }); // Cha 13: fails
    expect(t.ext.lastRally?.result).toBe('not-rallied');
    t.do({ type: 'lfg-rally', rallierId: 'c1', combatantIds: ['c9'], faces: [3] }); // ≤ 6: Great Success
    expect(t.ext.lastRally?.result).toBe('rallied');
    expect(t.ext.broken).toEqual([]);
    t.do({ type: 'lfg-break-morale', combatantIds: ['c9'] });
    t.do({ type: 'lfg-rally', rallierId: 'c1', combatantIds: ['c9'], faces: [10] }); // success: another morale check, at once
    expect(t.ext.lastRally?.result).toBe('recheck');
    expect(t.log.at(-1)?.type).toBe('lfg-morale-rolled');
  });

  it('[LFG-24] Finish Them!: the party\'s group Luck check, logged for the GM', () => {
    const t = fighting([9]);
    t.do({ type: 'lfg-finish-them', modifier: 1, faces: [1, 20, 5] });
    expect(t.ext.lastFinish).toMatchObject({ success: true, rolls: [{ id: 'c1' }, { id: 'c2' }, { id: 'c3' }] });
  });
});

describe('lfg: retreat, roster, conditions, privacy', () => {
  it('[LFG-26] [LFG-27] the party may retreat only at the start of a round; success: everyone flees', () => {
    const t = fighting([9]);
    expect(t.refused({ type: 'lfg-propose-retreat' }, player('c9')).code).toBe('not-your-combatant');
    t.do({ type: 'lfg-propose-retreat' }, player('c2'));
    expect(t.refused({ type: 'end-turn' }).code).toBe('decision-pending');
    t.do({ type: 'lfg-answer-retreat', allow: false });
    expect(t.refused({ type: 'lfg-propose-retreat' }, player('c2')).code).toBe('lfg-retreat-closed');
    t.endTurn();
    while (t.state.round === 1) t.endTurn();
    t.do({ type: 'set-defeated', combatantId: 'c3', defeated: true });
    t.do({ type: 'lfg-propose-retreat' }, player('c1'));
    t.do({ type: 'lfg-answer-retreat', allow: true, faces: [1, 2] }); // Cy is down: carried, does not roll
    expect(t.ext.retreat).toMatchObject({ status: 'escaped' });
    expect(t.ext.fled).toEqual(['c1', 'c2', 'c3']);
  });

  it('[ENG-16] conditions end at the start of their creator\'s next turn, wherever the rebuilt order puts it, and come back on undo', () => {
    const t = fighting([6]);
    t.do({ type: 'add-condition', combatantId: 'c7', name: 'Charged by Ana', rounds: 1 });
    while (t.state.round === 1) t.endTurn();
    t.do({ type: 'enter-initiative', unit: c('c2'), faces: [20] }, player('c2')); // failure: enemies first now
    expect(t.state.combatants.find((x) => x.id === 'c7')?.conditions).toHaveLength(1);
    while (t.actors !== 'c1') t.endTurn();
    expect(t.state.combatants.find((x) => x.id === 'c7')?.conditions).toEqual([]);
    t.do({ type: 'undo' });
    expect(t.state.combatants.find((x) => x.id === 'c7')?.conditions).toHaveLength(1);
  });

  it('[ENG-11] a combatant added mid-combat joins from the next round; a removed one loses its slot', () => {
    const t = fighting([9]);
    t.do(foe('Troll', { rank: 1 }));
    const troll = t.state.combatants.at(-1)?.id ?? '';
    expect(t.order.includes(troll)).toBe(false);
    t.do({ type: 'remove-combatant', combatantId: 'c8' });
    while (t.state.round === 1) t.endTurn();
    t.do({ type: 'roll-initiative', unit: c('c2') }, player('c2'));
    expect(t.order.includes(troll)).toBe(true);
    expect(t.order.includes('c8')).toBe(false);
  });

  it('[ENG-18] undoing the party roll and rolling again gives the same faces', () => {
    const t = ogreDen();
    t.do({ type: 'begin-initiative' });
    t.do({ type: 'start-combat' });
    t.do({ type: 'roll-initiative', unit: c('c1') });
    const first = t.ext.check?.roll.dice;
    t.do({ type: 'undo' });
    t.do({ type: 'roll-initiative', unit: c('c1') });
    expect(t.ext.check?.roll.dice).toEqual(first);
  });

  it('[ENG-21] physical dice follow the physicalDice option', () => {
    const t = ogreDen({ physicalDice: 'gm' });
    t.do({ type: 'begin-initiative' });
    expect(t.refused({ type: 'enter-initiative', unit: c('c1'), faces: [3] }, player('c1')).code).toBe('gm-only');
    const u = ogreDen({ physicalDice: 'off' });
    u.do({ type: 'begin-initiative' });
    expect(u.refused({ type: 'enter-initiative', unit: c('c1'), faces: [3] }).code).toBe('not-supported');
  });

  it('[ENG-6] a hidden roller or monster never shows in a player\'s lfg view', () => {
    const t = ogreDen();
    t.do({ type: 'add-combatant', combatant: { name: 'Spy', side: 'pc', stats: {}, hidden: true } });
    t.do({ type: 'add-combatant', combatant: { name: 'Lurker', side: 'enemy', stats: { rank: 2 }, hidden: true } });
    t.do({ type: 'begin-initiative' });
    t.do({ type: 'lfg-set-roller', combatantId: 'c10' });
    t.do({ type: 'lfg-order-monsters', order: [c('c11'), c('c7')] });
    t.do({ type: 'roll-initiative', unit: c('c10') });
    t.do({ type: 'start-combat' });
    const json = JSON.stringify(project(t.state, { role: 'player', combatantIds: ['c1'] }));
    expect(json).not.toContain('"c10"');
    expect(json).not.toContain('"c11"');
    expect(json).not.toContain('Lurker');
    expect(JSON.stringify(project(t.state, GM.role === 'gm' ? { role: 'gm' } : { role: 'spectator' }))).toContain('"c11"');
  });

  it('[ENG-8] the encounter ends from any phase; lfg commands are then refused', () => {
    const t = fighting([9]);
    t.do({ type: 'end-encounter' });
    expect(t.refused({ type: 'lfg-propose-retreat' }).code).toBe('wrong-phase');
    expect(t.refused({ type: 'roll-initiative', unit: c('c1') }).code).toBe('wrong-phase');
  });
});
