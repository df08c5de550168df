import { describe, expect, it } from 'vitest';
import { deferRegain, endOwnTurn, spendAp, startingAp } from './ap.js';
import { delayTurn, type DelayInput } from './delay.js';
import { buildOrder } from './order.js';
import { mergeNextTurns, resolveClaims, seatPcTurn, turnActors } from './turns.js';
import { DC20_DEFAULT_FLAGS, type Dc20Member, type Result, type TurnHolders } from './types.js';

const pc = (id: string, initiative = 10): Dc20Member => ({ id, team: 'pc', role: 'pc', defeated: false, initiative });
const foe = (id: string): Dc20Member => ({ id, team: 'enemy-1', role: 'enemy', defeated: false, initiative: null });
const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.refusal.code);
  return r.value;
};
const code = <T>(r: Result<T>) => (r.ok ? 'ok' : r.refusal.code);
const slots = (() => {
  let n = 0;
  return buildOrder({ winner: 'pc', pcTurns: 3, enemyTeams: 1, hasNpcTeam: false }, () => `s${++n}`);
})();
// s1 P, s2 E, s3 P, s4 E, s5 P, s6 E
const members = [pc('rogue', 17), pc('cleric', 12), pc('fighter', 9), foe('gob1'), foe('gob2'), foe('gob3')];
const enemies: TurnHolders = { s2: ['gob1'], s4: ['gob2'], s6: ['gob3'] };
const newId = () => 's99';
const input = (holders: TurnHolders, currentSlotId: string, target: DelayInput['target'], actorId = 'rogue'): DelayInput => ({
  slots, holders, members, actorId, currentSlotId, target,
});

describe('dc20 Delayed Initiative', () => {
  it('[DC20-22] the Rogue in the 1st PC turn delays to share the Cleric\'s 2nd PC turn', () => {
    let holders = value(seatPcTurn(slots, enemies, 's1', ['rogue']));
    let rogueAp = value(spendAp(startingAp(false, DC20_DEFAULT_FLAGS), 1));
    const d = value(delayTurn(input(holders, 's1', { kind: 'pc-turn', slotId: 's3' }), newId));
    holders = d.holders;
    rogueAp = deferRegain(rogueAp);
    expect(d).toMatchObject({ slotId: 's3', created: false });
    // The Rogue's turn is skipped over...
    expect(turnActors('s1', holders, members, [])).toEqual([]);
    // ...and when the Cleric's turn comes, the Cleric claims it and both act at the same time.
    const claimed = resolveClaims([{ combatantId: 'cleric', result: 12 }]);
    expect(claimed).toEqual({ kind: 'seated', ids: ['cleric'] });
    holders = value(seatPcTurn(slots, holders, 's3', ['cleric']));
    expect(turnActors('s3', holders, members, [])).toEqual(['rogue', 'cleric']);
    // [DC20-21] AP left after the first turn stay; all come back at the end of the new turn.
    expect(rogueAp).toEqual({ current: 3, max: 4, surprised: false, regainDeferred: true });
    expect(endOwnTurn(rogueAp)).toEqual({ current: 4, max: 4, surprised: false, regainDeferred: false });
    // The Fighter takes the last PC turn; the shared turn lets the GM merge the next 2 enemy turns.
    expect(turnActors('s5', value(seatPcTurn(slots, holders, 's5', ['fighter'])), members, [])).toEqual(['fighter']);
    expect(value(mergeNextTurns(slots, holders, 's3', 'enemy-1'))['s4']).toEqual(['gob2', 'gob3']);
  });

  it('[DC20-19] [DC20-30] the move is permanent: the delayer holds the later turn in later rounds too', () => {
    const holders = value(delayTurn(input({ ...enemies, s1: ['rogue'], s3: ['cleric'], s5: ['fighter'] }, 's1', { kind: 'pc-turn', slotId: 's5' }), newId)).holders;
    expect(['s1', 's3', 's5'].map((s) => turnActors(s, holders, members, []))).toEqual([[], ['cleric'], ['fighter', 'rogue']]);
  });

  it('[DC20-19] only to a PC turn later in the order, and only from one\'s own turn', () => {
    const holders = { ...enemies, s1: ['cleric'], s3: ['rogue'] };
    expect(code(delayTurn(input(holders, 's3', { kind: 'pc-turn', slotId: 's1' }), newId))).toBe('delay-not-later');
    expect(code(delayTurn(input(holders, 's3', { kind: 'pc-turn', slotId: 's4' }), newId))).toBe('not-a-pc-turn');
    expect(code(delayTurn(input(holders, 's1', { kind: 'pc-turn', slotId: 's5' }), newId))).toBe('not-eligible');
  });

  it('[DC20-20] delaying until after a seen enemy joins the PC turn that follows that enemy\'s turn', () => {
    const d = value(delayTurn(input({ ...enemies, s1: ['rogue'] }, 's1', { kind: 'after-enemy', enemyId: 'gob2' }), newId));
    expect(d).toMatchObject({ slotId: 's5', created: false });
    expect(d.slots).toBe(slots);
  });

  it('[DC20-20] when that enemy has the last turn, a new PC turn is made after it', () => {
    const d = value(delayTurn(input({ ...enemies, s1: ['rogue'] }, 's1', { kind: 'after-enemy', enemyId: 'gob3' }), newId));
    expect(d).toMatchObject({ slotId: 's99', created: true });
    expect(d.slots.map((s) => `${s.id}:${s.team}`)).toEqual(['s1:pc', 's2:enemy-1', 's3:pc', 's4:enemy-1', 's5:pc', 's6:enemy-1', 's99:pc']);
    expect(turnActors('s99', d.holders, members, [])).toEqual(['rogue']);
  });

  it('[DC20-20] the enemy must be in the fight, on a turn later than the delayer\'s', () => {
    const holders = { ...enemies, s3: ['rogue'] };
    expect(code(delayTurn(input(holders, 's3', { kind: 'after-enemy', enemyId: 'gob1' }), newId))).toBe('delay-not-later');
    expect(code(delayTurn(input(holders, 's3', { kind: 'after-enemy', enemyId: 'cleric' }), newId))).toBe('not-eligible');
    expect(code(delayTurn({ ...input(holders, 's3', { kind: 'after-enemy', enemyId: 'gob3' }), members: members.map((m) => (m.id === 'gob3' ? { ...m, defeated: true } : m)) }, newId))).toBe('not-eligible');
  });
});
