import { ApiError, libraryApi } from '@roundkeeper/client';
import type { BestiaryEntry, Creature, Party, StartPartyEncounterRequest, StartPartyEncounterResponse } from '@roundkeeper/protocol';
import { MAX_BESTIARY_ENTRIES, MAX_CREATURES_PER_ADD } from '@roundkeeper/protocol/limits';
import type { SystemId } from '@roundkeeper/rules';

const message = (e: unknown): string => (e instanceof ApiError || e instanceof Error ? e.message : 'Something went wrong.');

/**
 * The GM's library as the console shows it: the parties and the whole bestiary, replaced whole from the
 * server's answers after every change (the server is the truth; a refusal changes nothing there or here).
 */
export class LibraryState {
  #parties = $state.raw<readonly Party[]>([]);
  #bestiary = $state.raw<readonly BestiaryEntry[]>([]);
  #error = $state<string | null>(null);
  #busy = $state(false);

  constructor(readonly token: string) {}

  get parties() {
    return this.#parties;
  }
  get bestiary() {
    return this.#bestiary;
  }
  /** The last refusal, in the server's words, until the next success or a dismissal. */
  get error() {
    return this.#error;
  }
  get busy() {
    return this.#busy;
  }

  bestiaryOf(system: SystemId): readonly BestiaryEntry[] {
    return this.#bestiary.filter((e) => e.system === system);
  }

  dismissError() {
    this.#error = null;
  }

  /** Runs one change, then reloads; false (with `error` set) when refused. */
  async #run(change: () => Promise<unknown>): Promise<boolean> {
    this.#busy = true;
    try {
      await change();
      this.#error = null;
      await this.load();
      return true;
    } catch (e) {
      this.#error = message(e);
      return false;
    } finally {
      this.#busy = false;
    }
  }

  async load(): Promise<void> {
    try {
      const [{ parties }, { entries }] = await Promise.all([libraryApi.parties(this.token), libraryApi.bestiary(this.token)]);
      this.#parties = parties;
      this.#bestiary = entries;
    } catch (e) {
      this.#error = message(e);
    }
  }

  createParty = (name: string, system: SystemId) => this.#run(() => libraryApi.createParty(this.token, { name, system }));
  renameParty = (partyId: string, name: string) => this.#run(() => libraryApi.renameParty(this.token, partyId, name));
  deleteParty = (partyId: string) => this.#run(() => libraryApi.deleteParty(this.token, partyId));
  addMember = (partyId: string, creature: Creature) => this.#run(() => libraryApi.addMembers(this.token, partyId, [creature]));
  /** Many at once (an imported file): all are kept, or none. */
  addMembers = (partyId: string, creatures: Creature[]) => this.#run(() => libraryApi.addMembers(this.token, partyId, creatures));
  updateMember = (partyId: string, memberId: string, creature: Creature) => this.#run(() => libraryApi.updateMember(this.token, partyId, memberId, creature));
  removeMember = (partyId: string, memberId: string) => this.#run(() => libraryApi.removeMember(this.token, partyId, memberId));
  /**
   * Many at once (an imported book): refused here, before sending, when the bestiary has no room for
   * them all; sent MAX_CREATURES_PER_ADD at a time, each request kept whole or not at all.
   */
  addMonsters = (system: SystemId, creatures: Creature[]) => {
    const room = MAX_BESTIARY_ENTRIES - this.#bestiary.length;
    if (creatures.length > room) {
      this.#error = `A bestiary keeps at most ${MAX_BESTIARY_ENTRIES} monsters; yours has ${this.#bestiary.length}, so ${room <= 0 ? 'none' : `only ${room}`} of these ${creatures.length} would fit. Remove some first, or choose fewer.`;
      return Promise.resolve(false);
    }
    return this.#run(async () => {
      for (let at = 0; at < creatures.length; at += MAX_CREATURES_PER_ADD) {
        await libraryApi.addToBestiary(this.token, system, creatures.slice(at, at + MAX_CREATURES_PER_ADD));
      }
    });
  };
  updateMonster = (entryId: string, creature: Creature) => this.#run(() => libraryApi.updateEntry(this.token, entryId, creature));
  removeMonster = (entryId: string) => this.#run(() => libraryApi.removeEntry(this.token, entryId));

  /** Starts the encounter; null (with `error` set) when refused. */
  async startEncounter(partyId: string, request: StartPartyEncounterRequest): Promise<StartPartyEncounterResponse | null> {
    this.#busy = true;
    try {
      const created = await libraryApi.startEncounter(this.token, partyId, request);
      this.#error = null;
      return created;
    } catch (e) {
      this.#error = message(e);
      return null;
    } finally {
      this.#busy = false;
    }
  }
}
