// A seat's own part as AudienceVersions keeps it (reused when its parts differ from the public ones by
// the very same objects as before) is the own part worked out afresh at every command: the operations
// from the public parts to the seat's, its version moving exactly when they change. Random commands
// that change PCs' own parts (resources, health, conditions, hiding, groups, undo) and ones that do not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CommandEnvelope } from '@roundkeeper/protocol';
import { diff, sameJson, type PatchOp } from '@roundkeeper/protocol/view-patch';
import { audienceParts, createEncounter, decide, evolve, project, replay, type Audience, type EncounterState } from '@roundkeeper/rules';
import { AudienceVersions, partsOfView } from './audience-versions.js';

type Command = CommandEnvelope['command'];
const GM = { role: 'gm' } as const;
const SPECTATOR = { role: 'spectator' } as const;
const RUNS = 40;

// `c<n>`: the nth combatant of the state when the step runs (refused when there is none).
const step: fc.Arbitrary<Command> = fc.oneof(
  fc.constantFrom('Aria', 'Borin').map((name) => ({ type: 'add-combatant', combatant: { name, side: 'pc', stats: { dex: 12 } } }) as Command),
  fc.constantFrom(1, 3).map((count) => ({ type: 'add-combatant', combatant: { name: 'Goblin', side: 'enemy', stats: { dex: 10 }, count } }) as Command),
  fc.nat(6).map((n) => ({ type: 'add-condition', combatantId: `c${n}`, name: 'Prone' }) as Command),
  fc.nat(6).map((n) => ({ type: 'set-resource', combatantId: `c${n}`, resource: 'Ki', current: 2, max: 3 }) as Command),
  fc.nat(6).map((n) => ({ type: 'spend-resource', combatantId: `c${n}`, resource: 'Ki', amount: 1 }) as Command),
  fc.nat(6).map((n) => ({ type: 'set-max-health', combatantIds: [`c${n}`], max: 12 }) as Command),
  fc.tuple(fc.nat(6), fc.integer({ min: 1, max: 15 })).map(([n, amount]) => ({ type: 'apply-damage', targets: [{ combatantId: `c${n}`, amount }] }) as Command),
  fc.nat(6).map((n) => ({ type: 'apply-healing', targets: [{ combatantId: `c${n}`, amount: 4 }] }) as Command),
  fc.tuple(fc.nat(6), fc.boolean()).map(([n, hidden]) => ({ type: 'set-hidden', combatantId: `c${n}`, hidden }) as Command),
  fc.nat(6).map((n) => ({ type: 'remove-combatant', combatantId: `c${n}` }) as Command),
  fc.constantFrom('numbers', 'states', 'none').map((view) => ({ type: 'set-options', options: { partyHealthView: view, npcHealthView: view } }) as Command),
  fc.constantFrom<Command>(
    { type: 'begin-initiative' },
    { type: 'roll-npc-initiative' },
    { type: 'start-combat' },
    { type: 'end-turn' },
    { type: 'end-turn' },
    { type: 'undo' },
    { type: 'redo' },
  ),
);

/** Two PCs and a group of three goblins, all with hit points: every step then has someone to act on. */
const SETUP: readonly Command[] = [
  { type: 'add-combatant', combatant: { name: 'Aria', side: 'pc', stats: { dex: 14 } } },
  { type: 'add-combatant', combatant: { name: 'Borin', side: 'pc', stats: { dex: 8 } } },
  { type: 'add-combatant', combatant: { name: 'Goblin', side: 'enemy', stats: { dex: 10 }, count: 3 } },
  { type: 'set-max-health', combatantIds: ['c0', 'c1', 'c2', 'c3', 'c4'], max: 10 },
];

/** `c<n>` made a real id of the state, as a GM picking from the list would. */
function resolve(state: EncounterState, command: Command): Command {
  const ids = state.combatants.map((c) => c.id);
  const real = (id: string): string => (/^c\d+$/.test(id) ? (ids[Number(id.slice(1))] ?? 'zz-nope') : id);
  const text = JSON.stringify(command).replace(/"(c\d+)"/g, (_, id: string) => JSON.stringify(real(id)));
  return JSON.parse(text) as Command;
}

const seat = (id: string): Audience => ({ role: 'player', combatantIds: [id] });

/** The own part worked out from scratch: the operations from the public parts to the seat's. */
const ownOps = (state: EncounterState, id: string): PatchOp[] => diff(partsOfView(project(state, SPECTATOR)), audienceParts(state, seat(id)));

describe('AudienceVersions: a seat’s own part', () => {
  it('[ENG-44] is the own part worked out afresh at every command, its version moving exactly when it changes', () => {
    // What the runs exercised, so a menu that the rules refuse throughout cannot pass unnoticed.
    let accepted = 0;
    let ownChanges = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 20, maxLength: 40 }), (random) => {
        const steps = [...SETUP, ...random];
        let state = replay([createEncounter({ id: 'enc-1', name: 'Ambush', system: 'dnd5e', seed: '00112233445566778899aabbccddeeff', seedCommitment: '0'.repeat(64) })]);
        let seq = 1;
        let versions = new AudienceVersions(state, seq);
        // The reference: each PC's own operations and how often they changed, counted naively.
        const reference = new Map<string, { version: number; ops: PatchOp[] }>();
        const follow = (): void => {
          for (const c of state.combatants) if (c.side === 'pc' && !reference.has(c.id)) reference.set(c.id, { version: 0, ops: ownOps(state, c.id) });
        };
        follow();
        for (const raw of steps) {
          const decision = decide(state, resolve(state, raw), GM, { now: 0, byTimer: false });
          if (!decision.ok) continue;
          accepted++;
          state = decision.events.reduce<EncounterState>((s, e) => evolve(s, e), state);
          seq += decision.events.length;
          // Forked as a room does (a command not yet stored), so the copy's seats start from this one's.
          versions = versions.fork();
          versions.advance(state, seq);
          for (const [id, kept] of reference) {
            const ops = ownOps(state, id);
            if (sameJson(kept.ops, ops)) continue;
            reference.set(id, { version: kept.version + 1, ops });
            ownChanges++;
          }
          follow();
          for (const [id, expected] of reference) {
            const own = versions.own(seat(id));
            expect(own?.version).toBe(expected.version);
            expect(own?.ops).toEqual(expected.ops);
            expect(versions.versionOf(seat(id))).toBe(versions.public.version + expected.version);
          }
        }
      }),
      { numRuns: RUNS, seed: 4401 },
    );
    expect(accepted).toBeGreaterThan(RUNS * 15);
    expect(ownChanges).toBeGreaterThan(RUNS * 4);
  });
});
