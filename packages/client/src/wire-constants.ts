// The few protocol values the browser needs at run time, without importing `@roundkeeper/protocol`'s
// index: that module also builds the zod schemas, which would put zod into the player and overlay
// bundles for nothing (the server validates; the clients only send). Each constant is typed as the
// protocol's own literal, so a change there fails the type check here instead of drifting apart.
import type {
  JOIN_CODE_LENGTH as ProtocolJoinCodeLength,
  PROTOCOL_VERSION as ProtocolVersion,
} from '@roundkeeper/protocol';

export const PROTOCOL_VERSION: typeof ProtocolVersion = 1;
export const JOIN_CODE_LENGTH: typeof ProtocolJoinCodeLength = 6;
