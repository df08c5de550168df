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
/** Combatants one damage, healing or temporary hit points command may name (an area effect over a horde). */
export const MAX_HEALTH_TARGETS = 100;
/**
 * A creature's stat block as JSON (UTF-8): the longest of the 4,528 official 5e.tools monsters is 7.7 KB
 * as the importers write it (spellcasting and all), the average 1.5 KB; homebrew gets room.
 */
export const MAX_STAT_BLOCK_BYTES = 32 * 1024;
/**
 * Socket.IO's maxHttpBufferSize on the server: larger frames are dropped before parsing. It was 16 KiB;
 * an `add-combatant` now carries its creature's stat block whole (decided over adding it by reference to
 * a library entry, which an ad-hoc encounter has not): a stat block, a 2,000-character note and the rest
 * of the command fit in 48 KiB. Every other command stays far below it and is bounded by its schema.
 */
export const MAX_MESSAGE_BYTES = 48 * 1024;
export { JOIN_CODE_LENGTH, JOIN_CODE_ALPHABET } from './join-code.js';
/** Tokens are 128-bit base64url (22 characters); the bound leaves room without inviting megabyte strings. */
export const MAX_TOKEN_LENGTH = 128;
/** How many GM tokens the console may send to list its encounters in one request. */
export const MAX_LISTED_ENCOUNTERS = 100;
/** An exported encounter may be imported up to this size (HTTP only; socket messages keep MAX_MESSAGE_BYTES). */
export const MAX_IMPORT_BYTES = 4 * 1024 * 1024;
/**
 * How deep arrays and objects may nest in any JSON a client sends (a request body, a creature file):
 * an exported encounter nests about 8 levels, a 5e.tools bestiary about 12. Deeper input is refused
 * with 400 before anything walks it, so no walk can run out of stack on it.
 */
export const MAX_JSON_DEPTH = 64;
/** Events in one imported log: a long campaign night is a few thousand. */
export const MAX_IMPORT_EVENTS = 20_000;
/** Parties one GM library keeps (a GM runs a few campaigns, each with a party or two). */
export const MAX_PARTIES = 50;
/** Player characters in one party (a big table is eight; room for guests and sidekicks). */
export const MAX_PARTY_MEMBERS = 20;
/**
 * Monsters one GM library's bestiary keeps, all systems together: every official 5e.tools bestiary
 * (107 books, 4,528 monsters) fits, with room for homebrew. It was 2,000: full after 23 books.
 */
export const MAX_BESTIARY_ENTRIES = 6_000;
/**
 * Creatures added in one request: the import dialog sends a parsed file at once, and the largest book
 * (the 2024 Monster Manual, 503 monsters) must fit; the dialog sends more in several requests.
 */
export const MAX_CREATURES_PER_ADD = 1_000;
/** Body of one bestiary or party add: MAX_CREATURES_PER_ADD creatures with their stat blocks (about 3 KiB each in real books). */
export const MAX_CREATURE_ADD_BYTES = 16 * 1024 * 1024;
/** Different bestiary entries chosen for one new encounter (each with its own count up to MAX_GROUP_SIZE). */
export const MAX_ENCOUNTER_MONSTERS = 30;
/** One creature file (a bestiary, a library export, a CSV) may be this many characters (the largest official 5e.tools bestiary is 1.6 M). */
export const MAX_CREATURE_FILE_LENGTH = MAX_IMPORT_BYTES;
/** Files read together (a book and the books its monsters copy from, their legendary groups and templates). */
export const MAX_CREATURE_FILES = 30;
/** All the files of one reading together, in characters. */
export const MAX_CREATURE_FILES_LENGTH = 2 * MAX_IMPORT_BYTES;
/**
 * Creatures one reading may give: a whole Improved Initiative export holds 1,215 entries, and several
 * 5e.tools books at once a few thousand. It was 1,000.
 */
export const MAX_CREATURE_FILE_ENTRIES = 6_000;
/** A file's name as the dialog sends it (for the messages that name it). */
export const MAX_FILE_NAME_LENGTH = 200;

/**
 * Socket.IO heartbeats: the server pings every HEARTBEAT_INTERVAL_MS and drops a socket whose
 * pong is HEARTBEAT_TIMEOUT_MS late; a client that hears no ping for their sum knows it is cut off. At
 * Socket.IO's defaults (25 s + 20 s) a phone that lost its signal showed "Online" for 30–45 s; at these
 * it says "Reconnecting…" within 9 s (sooner when the browser itself reports going offline). The cost:
 * one ping and pong of a few bytes per socket every 5 s. These are the server's defaults; its
 * HEARTBEAT_INTERVAL_MS and HEARTBEAT_TIMEOUT_MS settings change them, and clients learn the pace from
 * Socket.IO's handshake.
 */
export const HEARTBEAT_INTERVAL_MS = 5_000;
export const HEARTBEAT_TIMEOUT_MS = 4_000;
