import { describe, expect, it } from 'vitest';
import { UPCASTERS, upcast, type Upcaster } from './upcast.js';

describe('upcast', () => {
  it('leaves every event untouched while no upcaster is registered (today)', () => {
    expect(UPCASTERS).toEqual({});
    const event = { type: 'turn-ended', round: 2 };
    expect(upcast(event)).toBe(event);
  });

  it("runs a type's upcasters in order on its old shape and leaves today's shape and other types alone", () => {
    // A made-up change: `hp` became `health: { current }`, then `round` got a default.
    const hpToHealth: Upcaster = (e) => {
      if (!('hp' in e)) return e;
      const { hp, ...rest } = e;
      return { ...rest, health: { current: hp } };
    };
    const roundDefault: Upcaster = (e) => ('round' in e ? e : { ...e, round: 0 });
    const chains = { 'combatant-added': [hpToHealth, roundDefault] };
    expect(upcast({ type: 'combatant-added', id: 'c1', hp: 7 }, chains)).toEqual({ type: 'combatant-added', id: 'c1', health: { current: 7 }, round: 0 });
    const today = { type: 'combatant-added', id: 'c1', health: { current: 7 }, round: 3 };
    expect(upcast(today, chains)).toEqual(today);
    const other = { type: 'turn-ended', hp: 1 };
    expect(upcast(other, chains)).toBe(other);
  });
});
