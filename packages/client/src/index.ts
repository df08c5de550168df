export { EncounterConnection, BUSY_RETRIES, COMMAND_ACK_TIMEOUT_MS, SYNC_ACK_TIMEOUT_MS, SERVER_DISCONNECT_RETRY_MS } from './connection.js';
export type { Presence } from '@roundkeeper/protocol';
export type { ConnectionState, ConnectionStatus, ConnectOptions, ConnectionListener, Refusal } from './connection.js';
export { ApiError, createEncounter, gmJoin, lookupJoin, requestSeat, retryAfterSecondsOf, takeSeat } from './http.js';
export type { ApiErrorCode, HttpOptions } from './http.js';
export { newCommandId } from './command-id.js';
export { PROTOCOL_VERSION, JOIN_CODE_LENGTH } from './wire-constants.js';
export { carryOver, libraryApi } from './library.js';
export { BAD_REQUEST_WORDS, readable } from './refusal-words.js';
