import type { Socket } from 'socket.io-client';
import { PLAYERS_PER_TABLE, TABLE_CLIENTS } from '../plan.js';
import { ArrivalProbe } from '../harness/arrival-probe.js';
import type { BenchTable, OpenTableOptions } from '../harness/bench-table.js';
import { postOk } from '../harness/http-json.js';
import { openSocket, untilReady } from '../harness/sockets.js';
import { BGIO_END_TURN_MOVE, BGIO_GAME_NAME } from '../servers/bgio-game.js';

/** The GM is boardgame.io player "0", the players "1".."6"; the overlay is a spectator (no player id). */
const BGIO_PLAYERS = 1 + PLAYERS_PER_TABLE;

/** The part of boardgame.io's state the harness reads. */
interface BgioState {
  readonly _stateID: number;
  readonly ctx: { readonly currentPlayer: string };
}

/** boardgame.io's wire protocol (0.50, `src/client/transport/socketio.ts`), spoken by raw Socket.IO clients. */
interface BgioServerEvents {
  sync: (matchID: string, syncInfo: { state: BgioState }) => void;
  update: (matchID: string, state: BgioState) => void;
  matchData: (matchID: string, data: unknown) => void;
}
interface BgioClientEvents {
  sync: (matchID: string, playerID: string | null, credentials: string | null, numPlayers: number) => void;
  update: (action: MakeMoveAction, stateID: number, matchID: string, playerID: string) => void;
}
interface MakeMoveAction {
  readonly type: 'MAKE_MOVE';
  readonly payload: { readonly type: string; readonly args: readonly unknown[]; readonly playerID: string; readonly credentials: string };
}
type BgioSocket = Socket<BgioServerEvents, BgioClientEvents>;

interface Seat {
  readonly playerID: string | null;
  readonly credentials: string | null;
}

/**
 * A match on boardgame.io's server created through its lobby API, every player joined with credentials;
 * the current player's socket makes the end-turn move. boardgame.io has no acknowledgement: the sender
 * knows its move counted when its own `update` arrives, which the probe waits for like everyone else's.
 */
export async function openBgioTable({ url, apiUrl, index }: OpenTableOptions): Promise<BenchTable> {
  const api = `${apiUrl}/games/${BGIO_GAME_NAME}`;
  const { matchID } = await postOk<{ matchID: string }>(`${api}/create`, { numPlayers: BGIO_PLAYERS });
  const seats: Seat[] = [];
  for (let p = 0; p < BGIO_PLAYERS; p++) {
    const playerID = String(p);
    const joined = await postOk<{ playerCredentials: string }>(`${api}/${matchID}/join`, { playerID, playerName: `t${index}p${p}` });
    seats.push({ playerID, credentials: joined.playerCredentials });
  }
  while (seats.length < TABLE_CLIENTS) seats.push({ playerID: null, credentials: null });

  const probe = new ArrivalProbe(TABLE_CLIENTS);
  let state: BgioState | null = null;
  const sockets = seats.map((seat, client) => {
    const socket: BgioSocket = openSocket(`${url}/${BGIO_GAME_NAME}`);
    const receive = (next: BgioState) => {
      if (!state || next._stateID > state._stateID) state = next;
      probe.seen(client, next._stateID);
    };
    socket.on('sync', (_m, info) => receive(info.state));
    socket.on('update', (_m, next) => receive(next));
    socket.on('connect', () => socket.emit('sync', matchID, seat.playerID, seat.credentials, BGIO_PLAYERS));
    return socket;
  });
  await Promise.all(sockets.map((s) => untilReady(s, (ready) => s.once('sync', () => ready()))));

  return {
    clients: TABLE_CLIENTS,
    takeTurn() {
      if (!state) throw new Error('no state yet');
      const current = state.ctx.currentPlayer;
      const seat = seats.findIndex((s) => s.playerID === current);
      const sender = sockets[seat];
      const credentials = seats[seat]?.credentials;
      if (!sender || !credentials) throw new Error(`no socket for player ${current}`);
      const latency = probe.start(state._stateID);
      const action: MakeMoveAction = { type: 'MAKE_MOVE', payload: { type: BGIO_END_TURN_MOVE, args: [], playerID: current, credentials } };
      sender.emit('update', action, state._stateID, matchID, current);
      probe.acknowledged();
      return latency;
    },
    close: () => sockets.forEach((s) => s.close()),
  };
}
