import { describe, expect, it } from 'vitest';
import type { TurnSlot } from '../../core/model.js';
import { canDelay, delayTurn, lapseReadied, readyCheckOrder, readyContestOrder, releaseHeld, resolveReady, resumeTurn } from './delay.js';
import type { CheckResult } from './types.js';

const slot = (id: string, side: TurnSlot['side'] = 'pc'): TurnSlot => ({
  id,
  side,
  filler: { kind: 'unit', unit: { kind: 'combatant', id: `c-${id}` } },
});
const ROUND = [slot('s1'), slot('s2'), slot('s3'), slot('s4', 'enemy')];
const ids = (slots: readonly TurnSlot[]) => slots.map((s) => s.id);
const check = (kept: number, outcome: CheckResult['outcome']): CheckResult => ({ faces: [kept], kept, target: 12, outcome });

describe('lfg delay', () => {
  it('[LFG-15] a delayed PC leaves the order and the next slot takes its place', () => {
    const d = delayTurn(ROUND, [], 's1');
    expect(d && ids(d.slots)).toEqual(['s2', 's3', 's4']);
    expect(d && ids(d.held)).toEqual(['s1']);
  });

  it('[LFG-15] a held PC comes back in any order, acting before the slot about to start', () => {
    let d = delayTurn(ROUND, [], 's1');
    d = d && delayTurn(d.slots, d.held, 's2');
    expect(d && ids(d.held)).toEqual(['s1', 's2']);
    d = d && resumeTurn(d.slots, d.held, 's2', 's4');
    expect(d && ids(d.slots)).toEqual(['s3', 's2', 's4']);
    expect(d && ids(d.held)).toEqual(['s1']);
  });

  it('[LFG-15] whoever still holds at the end of the round acts last, in the order they delayed', () => {
    let d = delayTurn(ROUND, [], 's2');
    d = d && delayTurn(d.slots, d.held, 's1');
    const released = d && releaseHeld(d.slots, d.held);
    expect(released && ids(released.slots)).toEqual(['s3', 's4', 's2', 's1']);
    expect(released?.held).toEqual([]);
  });

  it('[LFG-15] only PCs delay; unknown slots and places are refused', () => {
    expect(canDelay(slot('x', 'enemy'))).toBe(false);
    expect(delayTurn(ROUND, [], 's4')).toBeUndefined();
    expect(delayTurn(ROUND, [], 'nope')).toBeUndefined();
    expect(resumeTurn(ROUND, [], 's1', null)).toBeUndefined();
    expect(resumeTurn(ROUND, [slot('s9')], 's9', 'nope')).toBeUndefined();
    expect(ids(resumeTurn(ROUND, [slot('s9')], 's9', null)?.slots ?? [])).toEqual(['s1', 's2', 's3', 's4', 's9']);
  });
});

describe('lfg ready action', () => {
  it('[LFG-16] an action that can happen with its trigger is simultaneous', () => {
    expect(resolveReady({ simultaneous: true })).toBe('simultaneous');
    expect(resolveReady({ simultaneous: false })).toBe('needs-check');
  });

  it('[LFG-16] otherwise the readier\'s Initiative check decides who goes first', () => {
    expect(readyCheckOrder('success')).toBe('readier-first');
    expect(readyCheckOrder('critical-success')).toBe('readier-first');
    expect(readyCheckOrder('failure')).toBe('trigger-first');
    expect(resolveReady({ simultaneous: false, check: 'failure' })).toBe('trigger-first');
  });

  it('[LFG-16] a contest: better outcome first, then the higher successful face, else the GM', () => {
    expect(readyContestOrder(check(3, 'critical-success'), check(9, 'success'))).toBe('readier-first');
    expect(readyContestOrder(check(9, 'success'), check(11, 'success'))).toBe('trigger-first');
    expect(readyContestOrder(check(11, 'success'), check(9, 'success'))).toBe('readier-first');
    expect(readyContestOrder(check(9, 'success'), check(9, 'success'))).toBe('gm-decides');
    expect(readyContestOrder(check(15, 'failure'), check(17, 'failure'))).toBe('gm-decides');
    expect(
      resolveReady({ simultaneous: false, contest: { readier: check(14, 'failure'), trigger: check(2, 'success') } }),
    ).toBe('trigger-first');
  });

  it('[LFG-16] an untriggered readied action lapses at its unit\'s next turn unless the GM keeps it', () => {
    const ana = { kind: 'combatant', id: 'ana' } as const;
    const bo = { kind: 'combatant', id: 'bo' } as const;
    const readied = [
      { unit: ana, trigger: 'the door opens' },
      { unit: bo, trigger: 'the ogre charges' },
    ];
    expect(lapseReadied(readied, ana)).toEqual({ readied: [readied[1]], lapsed: [readied[0]] });
    expect(lapseReadied(readied, ana, true)).toEqual({ readied, lapsed: [] });
  });
});
