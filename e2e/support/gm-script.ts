// A GM driven from Node through the real client package (Socket.IO), for tests that need many
// commands quickly or a known state without clicking through the console.
import { createEncounter, EncounterConnection, takeSeat, type ConnectionState } from '../../packages/client/src/index.js';
import type { CreateEncounterResponse } from '../../packages/protocol/src/index.js';
import type { Command, EncounterView, NewCombatant, SystemId } from '../../packages/rules/src/index.js';

const VIEW_TIMEOUT_MS = 10_000;
/** A stale 'end-turn' is retried; more refusals than this per turn means something else is wrong. */
const MAX_ATTEMPTS_PER_TURN = 5;

export class GmScript {
  readonly #connection = new EncounterConnection();

  private constructor(
    readonly baseUrl: string,
    readonly created: CreateEncounterResponse,
  ) {}

  static async create(baseUrl: string, name: string, system: SystemId = 'dnd5e'): Promise<GmScript> {
    const created = await createEncounter({ name, system }, { baseUrl });
    const gm = new GmScript(baseUrl, created);
    gm.#connection.connect({ baseUrl, encounterId: created.encounterId, token: created.gmToken });
    await gm.waitFor((view) => view.phase === 'setup');
    return gm;
  }

  get version(): number {
    return this.#connection.state.view?.version ?? 0;
  }

  get view(): EncounterView {
    const view = this.#connection.state.view?.view;
    if (!view) throw new Error('no view yet');
    return view;
  }

  /** Sends a command and fails the test when it is refused; resolves once the view it made has arrived. */
  async send(command: Command): Promise<void> {
    if (!(await this.trySend(command))) throw new Error(`${command.type} refused: ${this.lastRefusal}`);
  }

  lastRefusal = '';

  /** Sends a command; a refusal is returned, not thrown (e.g. a stale 'end-turn' while sending fast). */
  async trySend(command: Command): Promise<boolean> {
    const ack = await this.#connection.send(command);
    if (!ack.ok) {
      this.lastRefusal = `${ack.code} ${ack.message}`;
      return false;
    }
    // The ack and the broadcast view travel separately; wait for the view so the next command sees it.
    if (this.version < ack.version) await this.waitFor(() => this.version >= ack.version);
    return true;
  }

  waitFor(predicate: (view: EncounterView) => boolean): Promise<EncounterView> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error('the expected view did not arrive'));
      }, VIEW_TIMEOUT_MS);
      const stop = this.#connection.subscribe((state: ConnectionState) => {
        const view = state.view?.view;
        if (view && predicate(view)) {
          clearTimeout(timer);
          queueMicrotask(() => stop());
          resolve(view);
        }
      });
    });
  }

  async add(...combatants: NewCombatant[]): Promise<void> {
    for (const combatant of combatants) await this.send({ type: 'add-combatant', combatant });
  }

  async seat(name: string): Promise<{ encounterId: string; seatToken: string; name: string }> {
    const id = this.view.combatants.find((c) => c.name === name)?.id;
    if (!id) throw new Error(`no combatant ${name}`);
    const seat = await takeSeat({ joinCode: this.created.joinCode, combatantId: id }, { baseUrl: this.baseUrl });
    return { encounterId: seat.encounterId, seatToken: seat.seatToken, name };
  }

  /** Opens initiative, rolls for everyone, settles ties in the order given and starts round 1. */
  async startCombat(): Promise<void> {
    await this.send({ type: 'begin-initiative' });
    for (const c of this.view.combatants.filter((x) => x.side === 'pc')) {
      await this.send({ type: 'roll-initiative', unit: { kind: 'combatant', id: c.id } });
    }
    await this.send({ type: 'roll-npc-initiative' });
    while (this.view.pendingTies.length > 0) await this.send({ type: 'resolve-tie', order: [...this.view.pendingTies[0]!] });
    await this.send({ type: 'start-combat' });
    await this.waitFor((view) => view.phase === 'active');
  }

  /** Ends `count` turns, one after the other; a stale refusal (the view had not arrived yet) is simply retried. */
  async endTurns(count: number): Promise<void> {
    for (let done = 0, attempts = 0; done < count; attempts++) {
      if (attempts > count * MAX_ATTEMPTS_PER_TURN) throw new Error(`end-turn refused too often (${done} of ${count} done)`);
      if (await this.trySend({ type: 'end-turn' })) done++;
    }
  }

  close(): void {
    this.#connection.close();
  }
}
