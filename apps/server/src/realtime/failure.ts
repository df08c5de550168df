import { ERROR_MESSAGES, type ErrorCode } from '@roundkeeper/protocol';

/** A refusal as an ack carries it; the protocol's sentence for the code unless a better one is known. */
export const failure = (code: ErrorCode, message: string = ERROR_MESSAGES[code]) => ({ ok: false, code, message }) as const;
