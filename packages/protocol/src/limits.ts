// Every bound on inbound data, in one place. The schemas use them; docs/protocol.md quotes them.
export const MAX_NAME_LENGTH = 60;
export const MAX_NOTE_LENGTH = 2000;
export const MAX_GROUP_SIZE = 50;
export const MAX_STATS = 16;
export const STAT_KEY_PATTERN = /^[a-zA-Z][a-zA-Z0-9]{0,31}$/;
export const MAX_STAT_ABS = 1000;
export const MAX_ID_LENGTH = 64;
export const MAX_COMMAND_ID_LENGTH = 64;
export const MAX_TIE_UNITS = 100;
/** Socket.IO's maxHttpBufferSize on the server: larger frames are dropped before parsing. */
export const MAX_MESSAGE_BYTES = 16 * 1024;
export const JOIN_CODE_LENGTH = 6;
/** Join codes avoid look-alike characters (0/O, 1/I/L) so they can be read aloud and typed on a phone. */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
