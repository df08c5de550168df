// A room loaded from an audience checkpoint (the latest, stored with the last command, or an earlier
// one with the commands after it counted) is the room that counted every command from the creation:
// every audience (the GM, the spectator, each PC's seat, of PCs removed too) has the same version and
// view, and they go on alike. Random logs over the real store (PGlite).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandEnvelope } from '@roundkeeper/protocol';
import type { Audience } from '@roundkeeper/rules';
import { openDatabase, type Database } from '../db/client.js';
import { commands } from '../db/schema/index.js';
import { DrizzleEventStore } from '../store/drizzle-event-store.js';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { audienceCheckpointSchema } from '../store/checkpoints.js';
import type { AudienceCheckpoint } from '../store/encounter-log.js';
import { silentBroadcaster } from './broadcaster.js';
import { createEncounterWithSecrets } from './create-encounter.js';
import { EncounterRoom } from './room.js';

const GM = { role: 'gm' } as const;
/** A command as the wire carries it. */
type Command = CommandEnvelope['command'];
const RUNS = 12;

// `c<n>`: the nth combatant in the GM's view when the step runs (`zz-nope` when there is none: refused).
const step: fc.Arbitrary<Command> = fc.oneof(
  fc.constantFrom('Orc', 'Wolf').map((name) => ({ type: 'add-combatant', combatant: { name, side: 'enemy', stats: { dex: 10 } } }) as Command),
  fc.constantFrom('Aria', 'Borin').map((name) => ({ type: 'add-combatant', combatant: { name, side: 'pc', stats: { dex: 12 } } }) as Command),
  fc.boolean().map((hidden) => ({ type: 'add-combatant', combatant: { name: 'Shade', side: 'enemy', stats: {}, hidden } }) as Command),
  fc.nat(5).map((n) => ({ type: 'add-condition', combatantId: `c${n}`, name: 'Prone' }) as Command),
  fc.nat(5).map((n) => ({ type: 'set-resource', combatantId: `c${n}`, resource: 'Ki', current: 2, max: 3 }) as Command),
  fc.nat(5).map((n) => ({ type: 'set-max-health', combatantIds: [`c${n}`], max: 12 }) as Command),
  fc.nat(5).map((n) => ({ type: 'apply-damage', targets: [{ combatantId: `c${n}`, amount: 3 }] }) as Command),
  fc.tuple(fc.nat(5), fc.boolean()).map(([n, hidden]) => ({ type: 'set-hidden', combatantId: `c${n}`, hidden }) as Command),
  fc.nat(5).map((n) => ({ type: 'remove-combatant', combatantId: `c${n}` }) as Command),
  fc.tuple(fc.nat(5), fc.integer({ min: 1, max: 20 })).map(([n, face]) => ({ type: 'enter-initiative', unit: { kind: 'combatant', id: `c${n}` }, faces: [face] }) as Command),
  fc.constantFrom<Command>({ type: 'begin-initiative' }, { type: 'roll-npc-initiative' }, { type: 'start-combat' }, { type: 'end-turn' }),
);

describe('a room loaded from an audience checkpoint', () => {
  let database: Database;
  let store: DrizzleEventStore;

  beforeAll(async () => {
    database = await openDatabase({ driver: 'pglite', dataDir: null });
    store = new DrizzleEventStore(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** The same store, but its latest checkpoint is `checkpoint` (none: a room on it counts every command). */
  const withCheckpoint = (checkpoint: AudienceCheckpoint | undefined): DrizzleEventStore => {
    const plain = Object.create(store) as DrizzleEventStore;
    plain.latestCheckpoint = () => Promise.resolve(checkpoint);
    return plain;
  };
  const roomOn = (encounterId: string, on: DrizzleEventStore = store) => new EncounterRoom(encounterId, { store: on, broadcaster: silentBroadcaster });

  /** Every checkpoint stored for the encounter, oldest first. */
  async function checkpoints(encounterId: string): Promise<AudienceCheckpoint[]> {
    const rows = await database.db
      .select({ checkpoint: commands.checkpoint })
      .from(commands)
      .where(and(eq(commands.encounterId, encounterId), isNotNull(commands.checkpoint)))
      .orderBy(asc(commands.version));
    return rows.map((row) => audienceCheckpointSchema.parse(row.checkpoint));
  }

  async function send(room: EncounterRoom, command: Command): Promise<void> {
    const { view } = await room.view(GM);
    const ids = view.combatants.map((c) => c.id);
    const resolved = JSON.parse(JSON.stringify(command).replace(/"c(\d)"/g, (_m, n: string) => JSON.stringify(ids[Number(n)] ?? 'zz-nope'))) as Command;
    const envelope: CommandEnvelope = { commandId: `cmd-${Math.random()}`, command: resolved };
    await room.command(envelope, GM, GM, () => {});
  }

  /** Every audience a table can have: the GM, the spectator, and a seat on each PC the log ever had. */
  async function audiences(encounterId: string): Promise<Audience[]> {
    const log = await store.loadSince(encounterId, 0);
    const pcs = new Set<string>();
    for (const { event } of log) {
      if (event.type === 'combatant-added' && event.combatant.side === 'pc') pcs.add(event.combatant.id);
    }
    return [GM, { role: 'spectator' }, ...[...pcs].map((id): Audience => ({ role: 'player', combatantIds: [id] }))];
  }

  async function expectSameViews(encounterId: string, rooms: readonly EncounterRoom[]): Promise<void> {
    for (const audience of await audiences(encounterId)) {
      const views = await Promise.all(rooms.map((room) => room.view(audience)));
      for (const view of views.slice(1)) expect(view, JSON.stringify(audience)).toEqual(views[0]);
    }
  }

  it('gives every audience the version and view counted from the creation, and counts on alike', async () => {
    let earlierUsed = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 50 }), fc.array(step, { minLength: 1, maxLength: 8 }), fc.nat(), async (steps, more, pick) => {
        const { encounterId } = await createEncounterWithSecrets(store, { name: 'Checkpoints', system: 'dnd5e' });
        const live = roomOn(encounterId);
        for (const command of steps) await send(live, command);
        const kept = await checkpoints(encounterId);
        // Every accepted command keeps the counts after it: the latest is at the log's end.
        expect(kept.at(-1)?.seq ?? 1).toBe(await store.latestSeq(encounterId));
        // One before the latest (which `loaded` below resumes from), so that the commands after it are counted.
        const earlier = kept.length > 1 ? kept[pick % (kept.length - 1)] : undefined;
        if (earlier) earlierUsed++;

        const loaded = roomOn(encounterId);
        await expectSameViews(encounterId, [live, loaded, roomOn(encounterId, withCheckpoint(earlier)), roomOn(encounterId, withCheckpoint(undefined))]);
        // The resumed room writes the next commands; rooms loaded after them agree with one counting everything.
        for (const command of more) await send(loaded, command);
        await expectSameViews(encounterId, [loaded, roomOn(encounterId), roomOn(encounterId, withCheckpoint(earlier)), roomOn(encounterId, withCheckpoint(undefined))]);
      }),
      { numRuns: RUNS },
    );
    // Resuming before the log's end (commands after the checkpoint counted) was checked too.
    expect(earlierUsed).toBeGreaterThan(RUNS / 2);
  });
});
