import { describe, expect, it } from 'vitest';
import { commandEnvelopeSchema, commandSchema } from './commands.js';
import { MAX_GROUP_SIZE, MAX_NAME_LENGTH } from './limits.js';

const envelope = (command: unknown, extra: Record<string, unknown> = {}) => ({
  commandId: 'abcdefgh12345678',
  command,
  ...extra,
});

describe('command schema', () => {
  it('accepts every well-formed command', () => {
    const commands = [
      { type: 'add-combatant', combatant: { name: 'Goblin', side: 'enemy', stats: { dex: 14 }, count: 4 } },
      { type: 'remove-combatant', combatantId: 'c1' },
      { type: 'set-hidden', combatantId: 'c1', hidden: true },
      { type: 'set-defeated', combatantId: 'c1', defeated: true },
      { type: 'begin-initiative' },
      { type: 'roll-initiative', unit: { kind: 'group', id: 'g1' }, mode: 'advantage' },
      { type: 'roll-npc-initiative' },
      { type: 'resolve-tie', order: [{ kind: 'combatant', id: 'c1' }, { kind: 'group', id: 'g1' }] },
      { type: 'start-combat' },
      { type: 'end-turn' },
      { type: 'end-encounter' },
    ];
    for (const command of commands) expect(commandSchema.safeParse(command).success, command.type).toBe(true);
  });

  it('refuses unknown types, unknown fields and wrong types', () => {
    expect(commandSchema.safeParse({ type: 'fireball' }).success).toBe(false);
    expect(commandSchema.safeParse({ type: 'end-turn', extra: 1 }).success).toBe(false);
    expect(commandSchema.safeParse({ type: 'set-hidden', combatantId: 'c1', hidden: 'yes' }).success).toBe(false);
    expect(commandSchema.safeParse(null).success).toBe(false);
    expect(commandSchema.safeParse('end-turn').success).toBe(false);
  });

  it('bounds names, group sizes and stats', () => {
    const add = (combatant: Record<string, unknown>) =>
      commandSchema.safeParse({ type: 'add-combatant', combatant: { side: 'enemy', stats: {}, ...combatant } }).success;
    expect(add({ name: 'x'.repeat(MAX_NAME_LENGTH) })).toBe(true);
    expect(add({ name: 'x'.repeat(MAX_NAME_LENGTH + 1) })).toBe(false);
    expect(add({ name: '   ' })).toBe(false);
    expect(add({ name: 'Orc', count: MAX_GROUP_SIZE + 1 })).toBe(false);
    expect(add({ name: 'Orc', count: 0 })).toBe(false);
    expect(add({ name: 'Orc', stats: { dex: 1.5 } })).toBe(false);
    expect(add({ name: 'Orc', stats: { __proto__x: 1 } })).toBe(false);
    expect(add({ name: 'Orc', stats: { dex: 1e9 } })).toBe(false);
  });
});

describe('command envelope', () => {
  it('needs a client-chosen id of safe characters', () => {
    expect(commandEnvelopeSchema.safeParse(envelope({ type: 'end-turn' })).success).toBe(true);
    expect(commandEnvelopeSchema.safeParse({ ...envelope({ type: 'end-turn' }), commandId: 'short' }).success).toBe(false);
    expect(commandEnvelopeSchema.safeParse({ ...envelope({ type: 'end-turn' }), commandId: 'has spaces in it' }).success).toBe(
      false,
    );
  });

  it('takes an optional non-negative integer version', () => {
    expect(commandEnvelopeSchema.safeParse(envelope({ type: 'end-turn' }, { expectedVersion: 7 })).success).toBe(true);
    expect(commandEnvelopeSchema.safeParse(envelope({ type: 'end-turn' }, { expectedVersion: -1 })).success).toBe(false);
    expect(commandEnvelopeSchema.safeParse(envelope({ type: 'end-turn' }, { expectedVersion: 1.5 })).success).toBe(false);
  });
});
