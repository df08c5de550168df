import { describe, expect, it } from 'vitest';
import type { EncounterEvent } from '../events.js';
import type { InitiativeSystem } from '../system.js';
import { dnd5e } from '../../systems/dnd5e/system.js';
import { fighting, GM, player, refusal, run } from '../../../test/harness.js';
import { draft } from './context.js';
import { advance } from './flow.js';
import { delayTurn } from './turns.js';

const names = (events: readonly EncounterEvent[]) => events.map((e) => e.type);
const refill = (round: number): EncounterEvent => ({ type: 'resource-changed', combatantId: 'c1', resource: 'AP', current: round, max: 4 });

/** dnd5e with every phase hook recording itself as a resource change, to see where the engine puts them. */
const hooked: InitiativeSystem = {
  ...dnd5e,
  onRoundStart: (s) => [refill(100 + s.round)],
  onTurnStart: (_s, turn) => [{ ...refill(200), resource: `start:${turn.actorIds.join('+')}` }],
  onTurnEnd: (_s, turn) => [{ ...refill(300), resource: `end:${turn.actorIds.join('+')}` }],
  onRoundEnd: (s) => [refill(400 + s.round)],
};

describe('phase hooks', () => {
  it('[ENG-13] the engine appends each hook\'s events at its moment, and the next step sees them', () => {
    let s = run(fighting(), { type: 'end-turn' }); // the Goblins
    s = run(s, { type: 'end-turn' }); // Borin: the last slot of round 1
    const ctx = { state: s, system: hooked, actor: GM };
    const events = advance(ctx, draft(ctx)).events;
    expect(events.map((e) => (e.type === 'resource-changed' ? `${e.resource}/${e.current}` : e.type))).toEqual([
      'turn-ended',
      'end:c1/300',
      'round-ended',
      'AP/401',
      'round-started',
      'AP/102',
      'turn-started',
      'start:c2/200',
    ]);
  });

  it('[ENG-13] without hooks the same moments pass with the engine\'s events only', () => {
    const s = run(run(fighting(), { type: 'end-turn' }), { type: 'end-turn' });
    const ctx = { state: s, system: dnd5e, actor: GM };
    expect(names(advance(ctx, draft(ctx)).events)).toEqual([
      'turn-ended',
      'round-ended',
      'round-started',
      'turn-started',
    ]);
  });
});

describe('delay-turn', () => {
  it('[ENG-19] [DND-6] refused where the system has no delay rule', () => {
    expect(refusal(fighting(), { type: 'delay-turn' })).toEqual({ code: 'not-supported', message: 'D&D 5e has no delay rule.' });
  });

  it('[ENG-19] otherwise the system decides, for the GM or the turn\'s owner only', () => {
    const delaying: InitiativeSystem = {
      ...dnd5e,
      delayTurn: (_s, _actor, target) => ({ ok: true, events: [{ type: 'round-ended', round: target ? 7 : 0 }] }),
    };
    const s = fighting(); // Mira's turn
    expect(delayTurn({ state: s, system: delaying, actor: player('c2') }, 's9')).toEqual({
      ok: true,
      events: [{ type: 'round-ended', round: 7 }],
    });
    const notYours = delayTurn({ state: s, system: delaying, actor: player('c1') }, undefined);
    expect(!notYours.ok && notYours.violation.code).toBe('not-your-turn');
  });
});
