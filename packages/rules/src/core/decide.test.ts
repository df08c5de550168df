import type { SystemId } from './model.js';
import { decide } from '../index.js';
import { describe, expect, it } from 'vitest';
import type { Command } from './commands.js';
import { add, newEncounter, party, player, refusal, unit } from '../../test/harness.js';

const GM_COMMANDS: readonly Command[] = [
  add('Orc', 'enemy'),
  { type: 'remove-combatant', combatantId: 'c1' },
  { type: 'set-hidden', combatantId: 'c1', hidden: true },
  { type: 'set-defeated', combatantId: 'c1', defeated: true },
  { type: 'begin-initiative' },
  { type: 'roll-npc-initiative' },
  { type: 'resolve-tie', order: [unit('c1'), unit('g3')] },
  { type: 'start-combat' },
  { type: 'end-encounter' },
];

describe('decide: roles', () => {
  it.each(GM_COMMANDS.map((c) => [c.type, c] as const))('[ENG-5] a player cannot %s (gm-only)', (_type, command) => {
    const v = refusal(party(), command, player('c1'));
    expect(v.code).toBe('gm-only');
    expect(v.message).toMatch(/^Only the GM can [a-z ]+\.$/);
  });

  it('[ENG-1] an encounter of an unknown system refuses instead of throwing', () => {
    // A stored encounter of a system this server does not run (say, written by a newer version).
    const s = { ...newEncounter(), system: 'pathfinder' as unknown as SystemId };
    const d = decide(s, { type: 'begin-initiative' }, { role: 'gm' });
    expect(d.ok).toBe(false);
    expect(!d.ok && d.violation.code).toBe('invalid-command');
  });
});
