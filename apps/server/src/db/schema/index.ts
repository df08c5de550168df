export { encounters } from './encounters.js';
export { events } from './events.js';
export { seats } from './seats.js';
export { commands } from './commands.js';
export { libraries, parties, partyMembers, bestiaryEntries, partyEncounters, carriedSeats } from './library.js';
