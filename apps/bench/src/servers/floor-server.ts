import { serveFloor } from './floor-relay.js';

/**
 * The floor: a bare Socket.IO server that relays each command to its table's room and acknowledges it.
 * No auth, no state, no storage: what any realtime server pays at least, with the same socket options
 * as Roundkeeper's gateway (floor-relay.ts).
 */
serveFloor((_table, _command, relay) => {
  relay.emit();
  relay.ack();
});
