// Screens that agree with the rules (issue 15): what the pages offer or say while a system's rules wait.
import type { CombatantView, EncounterView } from '@roundkeeper/rules';
import { describe, expect, it } from 'vitest';
import { myFillOptions } from './open-slots.js';
import { basicsOf } from './basics.js';
import { enemyTurnHolders } from './dc20/teams.js';

const c = (id: string, patch: Partial<CombatantView> = {}): CombatantView => ({
  id, name: id, side: 'pc', groupId: null, defeated: false, initiative: null, hidden: false, mine: false, conditions: [], ...patch,
});

const view = (patch: Partial<EncounterView>): EncounterView => ({
  audience: 'player', id: 'e', name: 'e', system: 'dnd5e', options: {}, phase: 'initiative', round: 1, roundSeconds: 6,
  combatants: [], groups: [], order: [], turn: null, turnTimer: null, acted: [], pendingTies: [], pending: [], ext: null, undo: null,
  seedCommitment: '', seed: null, ...patch,
} as EncounterView);

const dc20Ext = (patch: Record<string, unknown>) => ({
  system: 'dc20', encounterDc: null, dcTable: [], party: null, teams: {}, enemyTeams: ['enemy-1'], enemyOrder: null, fate: null,
  turns: [], claims: null, done: [], benefits: {}, inspirationRolls: {}, surprised: [], deferred: [], lap: null, pending: [], ...patch,
}) as unknown as EncounterView['ext'];

describe('dc20', () => {
  it('[DC20-15] a PC turn being claimed offers one button on the phone (the panel\'s Claim), not a second "Take this turn"', () => {
    const v = view({
      system: 'dc20', phase: 'active',
      combatants: [c('aria', { mine: true }), c('borin')],
      order: [{ id: 's1', side: 'pc', unit: null, label: 'PC slot', total: null } as never],
      turn: { slotId: 's1', actorIds: [] },
      pending: [{ id: 'fill-s1', kind: 'fill-slot', blocking: true, slotId: 's1', side: 'pc' } as never],
      ext: dc20Ext({ pending: [{ kind: 'choose-pc-turn', slotId: 's1', candidates: ['aria', 'borin'] }] }),
    });
    expect(myFillOptions(v)).toEqual([]);
  });

  it('[DC20-18] an enemy turn waiting for the GM reads open, not the holder it had before', () => {
    const v = view({
      system: 'dc20', phase: 'active', round: 2, audience: 'gm',
      combatants: [c('gob', { name: 'Goblin', side: 'enemy', defeated: true }), c('ogre', { name: 'Ogre', side: 'enemy' })],
      ext: dc20Ext({
        turns: [{ slotId: 's2', team: 'enemy-1', holders: ['gob'] }, { slotId: 's4', team: 'enemy-1', holders: ['gob'] }],
        pending: [{ kind: 'assign-turn', slotId: 's2', team: 'enemy-1', unassigned: ['ogre'] }],
      }),
    });
    expect(enemyTurnHolders(v, 's2')).toBe('open: choose who acts');
    expect(enemyTurnHolders(v, 's4')).toBe('Goblin (defeated)');
  });
});

describe('initiative that waits', () => {
  it('[UES-1] uesrpg: no roll is offered before the GM says who is surprised, and the phone says so', () => {
    const undecided = view({ system: 'uesrpg', ext: { system: 'uesrpg', surprise: 'undecided' } as never });
    expect(basicsOf('uesrpg').rollsWaitFor?.(undecided)).toMatch(/once the GM has said/);
    expect(basicsOf('uesrpg').startWaitsFor?.(undecided)).toMatch(/surprised/);
    const decided = view({ system: 'uesrpg', ext: { system: 'uesrpg', surprise: 'decided' } as never });
    expect(basicsOf('uesrpg').rollsWaitFor?.(decided)).toBeNull();
  });

  it("[LFG-6] lfg: combat waits for the party's Initiative check, not only for the rolls", () => {
    const lfg = (check: unknown, surprise: unknown = null) => view({ system: 'lfg', ext: { system: 'lfg', check, surprise } as never });
    expect(basicsOf('lfg').startWaitsFor?.(lfg(null))).toMatch(/party's Initiative check/);
    expect(basicsOf('lfg').startWaitsFor?.(lfg({ total: 5 }))).toBeNull();
    expect(basicsOf('lfg').startWaitsFor?.(lfg(null, { side: 'pc' }))).toBeNull();
  });
});
