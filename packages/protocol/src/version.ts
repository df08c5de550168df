/** Bumped on any incompatible change of a message. Checked in the socket handshake. */
export const PROTOCOL_VERSION = 1;
