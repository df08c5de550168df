import type {
  BestiaryEntry,
  CarryOverLookupResponse,
  CarryOverRequest,
  CarryOverResponse,
  Creature,
  LibraryTokenResponse,
  ListBestiaryResponse,
  ListPartiesResponse,
  Party,
  KeepPartyRequest,
  KeepPartyResponse,
  NextFightRequest,
  NextFightResponse,
  StartPartyEncounterRequest,
  StartPartyEncounterResponse,
} from '@roundkeeper/protocol';
import type { SystemId } from '@roundkeeper/rules';
import { gmRequest, postJson, type HttpOptions } from './http.js';

const party = (partyId: string) => `/api/library/parties/${encodeURIComponent(partyId)}`;
const entry = (entryId: string) => `/api/library/bestiary/${encodeURIComponent(entryId)}`;

/** The GM's library (parties and bestiary), authorised by its library token. */
export const libraryApi = {
  create: (options: HttpOptions = {}) => postJson<LibraryTokenResponse>('/api/library', {}, options),
  parties: (token: string, options: HttpOptions = {}) => gmRequest<ListPartiesResponse>('GET', '/api/library/parties', token, undefined, options),
  createParty: (token: string, body: { name: string; system: SystemId; members?: Creature[] }, options: HttpOptions = {}) =>
    gmRequest<Party>('POST', '/api/library/parties', token, body, options),
  renameParty: (token: string, partyId: string, name: string, options: HttpOptions = {}) =>
    gmRequest<Party>('PUT', party(partyId), token, { name }, options),
  deleteParty: (token: string, partyId: string, options: HttpOptions = {}) => gmRequest<null>('DELETE', party(partyId), token, undefined, options),
  addMembers: (token: string, partyId: string, creatures: Creature[], options: HttpOptions = {}) =>
    gmRequest<Party>('POST', `${party(partyId)}/members`, token, { creatures }, options),
  updateMember: (token: string, partyId: string, memberId: string, creature: Creature, options: HttpOptions = {}) =>
    gmRequest<Party>('PUT', `${party(partyId)}/members/${encodeURIComponent(memberId)}`, token, { creature }, options),
  removeMember: (token: string, partyId: string, memberId: string, options: HttpOptions = {}) =>
    gmRequest<null>('DELETE', `${party(partyId)}/members/${encodeURIComponent(memberId)}`, token, undefined, options),
  bestiary: (token: string, system?: SystemId, options: HttpOptions = {}) =>
    gmRequest<ListBestiaryResponse>('GET', `/api/library/bestiary${system ? `?system=${system}` : ''}`, token, undefined, options),
  /** Many at once, all or none: what the import dialog calls with a parsed file. */
  addToBestiary: (token: string, system: SystemId, creatures: Creature[], options: HttpOptions = {}) =>
    gmRequest<ListBestiaryResponse>('POST', '/api/library/bestiary', token, { system, creatures }, options),
  updateEntry: (token: string, entryId: string, creature: Creature, options: HttpOptions = {}) =>
    gmRequest<BestiaryEntry>('PUT', entry(entryId), token, { creature }, options),
  removeEntry: (token: string, entryId: string, options: HttpOptions = {}) => gmRequest<null>('DELETE', entry(entryId), token, undefined, options),
  startEncounter: (token: string, partyId: string, body: StartPartyEncounterRequest, options: HttpOptions = {}) =>
    gmRequest<StartPartyEncounterResponse>('POST', `${party(partyId)}/encounters`, token, body, options),
  /** Keep an encounter's PCs as a party (or update the party it came from): the console's "Keep this party". */
  keepParty: (token: string, body: KeepPartyRequest, options: HttpOptions = {}) =>
    gmRequest<KeepPartyResponse>('POST', '/api/library/parties/from-encounter', token, body, options),
  /** From an ended encounter, the next fight with the same table: health carried, less what the rest restores. */
  nextFight: (token: string, body: NextFightRequest, options: HttpOptions = {}) =>
    gmRequest<NextFightResponse>('POST', '/api/library/next-fight', token, body, options),
};

/** A phone's seat in a party's encounter, carried into the party's next one with its old seat token. */
export const carryOver = {
  lookup: (body: CarryOverRequest, options: HttpOptions = {}) => postJson<CarryOverLookupResponse>('/api/join/carry-over/lookup', body, options),
  claim: (body: CarryOverRequest, options: HttpOptions = {}) => postJson<CarryOverResponse>('/api/join/carry-over', body, options),
};
