// A GM driven from Node through the real client package (Socket.IO), for tests that need many
// commands quickly or a known state without clicking through the console. Players' commands go
// through their own seats' connections (`sendAs`), so the encounter is in the state the phones would
// have left it in, authors included.
import { createEncounter, EncounterConnection, takeSeat, type ConnectionState } from '../../packages/client/src/index.js';
import type { CreateEncounterRequest, CreateEncounterResponse } from '../../packages/protocol/src/index.js';
import { systemCatalogue } from '../../packages/rules/src/catalogue.js';
import type { Command, EncounterView, NewCombatant } from '../../packages/rules/src/index.js';

export type ScriptSystem = CreateEncounterRequest['system'];

/** A seat taken over HTTP: what a phone keeps in localStorage to open the encounter as that player. */
export interface ScriptSeat {
  readonly encounterId: string;
  readonly seatToken: string;
  readonly name: string;
}

/** The system's default stats with `given` over them: what the console's add form and paste box send. */
export function statsFor(system: ScriptSystem, given: Readonly<Record<string, number>> = {}): Record<string, number> {
  const defs = systemCatalogue().find((s) => s.id === system)?.statDefs ?? [];
  return { ...Object.fromEntries(defs.map((d) => [d.key, d.default])), ...given };
}

const VIEW_TIMEOUT_MS = 10_000;
/** A stale 'end-turn' is retried; more refusals than this per turn means something else is wrong. */
const MAX_ATTEMPTS_PER_TURN = 5;
/** A phone's command refused as stale is sent again after this long (its view is on the way). */
const STALE_RETRY_MS = 100;

export class GmScript {
  readonly #connection = new EncounterConnection();
  readonly #seats = new Map<string, ScriptSeat>();
  readonly #players = new Map<string, EncounterConnection>();

  private constructor(
    readonly baseUrl: string,
    readonly created: CreateEncounterResponse,
    readonly name: string,
    readonly system: ScriptSystem,
  ) {}

  static async create(baseUrl: string, name: string, system: ScriptSystem = 'dnd5e'): Promise<GmScript> {
    const created = await createEncounter({ name, system }, { baseUrl });
    const gm = new GmScript(baseUrl, created, name, system);
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
    return waitForView(this.#connection, (state) => !!state.view && predicate(state.view.view)).then((state) => state.view!.view);
  }

  async add(...combatants: NewCombatant[]): Promise<void> {
    for (const combatant of combatants) await this.send({ type: 'add-combatant', combatant });
  }

  /** The id of the combatant called `name`. */
  id(name: string): string {
    const id = this.view.combatants.find((c) => c.name === name)?.id;
    if (!id) throw new Error(`no combatant ${name}`);
    return id;
  }

  /** Takes `name`'s seat over HTTP, as a phone joining by code does (once: later calls return the same seat). */
  async seat(name: string): Promise<ScriptSeat> {
    const known = this.#seats.get(name);
    if (known) return known;
    const seat = await takeSeat({ joinCode: this.created.joinCode, combatantId: this.id(name) }, { baseUrl: this.baseUrl });
    const taken = { encounterId: seat.encounterId, seatToken: seat.seatToken, name };
    this.#seats.set(name, taken);
    return taken;
  }

  /** Sends a command from `name`'s seat, as their phone would; fails when refused; resolves once the GM's view has it. */
  async sendAs(name: string, command: Command): Promise<void> {
    let player = this.#players.get(name);
    if (!player) {
      const { seatToken } = await this.seat(name);
      player = new EncounterConnection();
      player.connect({ baseUrl: this.baseUrl, encounterId: this.created.encounterId, token: seatToken });
      this.#players.set(name, player);
    }
    // A turn's commands carry the version they were made at: the phone must have seen where the fight
    // is. Players' versions are their own (they move only when their view changes) and a hidden turn
    // shows them none, so wait for the phase and the round, and take a 'stale-version' as "not yet".
    const gm = this.view;
    await waitForView(
      player,
      (state) => !!state.view && state.view.view.phase === gm.phase && state.view.view.round === gm.round,
      `${name}'s phone at the GM's phase ${gm.phase}, round ${gm.round}`,
    );
    const gmBefore = this.version;
    for (let attempt = 1; ; attempt++) {
      const ack = await player.send(command);
      if (ack.ok) break;
      if (ack.code !== 'stale-version' || attempt >= MAX_ATTEMPTS_PER_TURN) throw new Error(`${command.type} from ${name} refused: ${ack.code} ${ack.message}`);
      await new Promise((resolve) => setTimeout(resolve, STALE_RETRY_MS));
    }
    // Every accepted command writes at least one event: the GM's version (the log's seq) moves past it.
    await this.waitFor(() => this.version > gmBefore);
  }

  /** Opens initiative, (`beforeRolls`, e.g. a system's surprise) rolls for everyone, settles ties in the order given and starts round 1. */
  async startCombat(beforeRolls?: () => Promise<void>): Promise<void> {
    await this.send({ type: 'begin-initiative' });
    await beforeRolls?.();
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
    for (const player of this.#players.values()) player.close();
  }
}

/** Resolves with the connection's first state (the current one included) that `predicate` accepts. */
function waitForView(connection: EncounterConnection, predicate: (state: ConnectionState) => boolean, what = 'the expected view'): Promise<ConnectionState> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      const view = connection.state.view;
      const at = view ? `phase ${view.view.phase}, round ${view.view.round}, turn ${view.view.turn?.slotId ?? '–'}, version ${view.version}` : 'no view';
      reject(new Error(`${what} did not arrive (${at})`));
    }, VIEW_TIMEOUT_MS);
    const stop = connection.subscribe((state: ConnectionState) => {
      if (predicate(state)) {
        clearTimeout(timer);
        queueMicrotask(() => stop());
        resolve(state);
      }
    });
  });
}

