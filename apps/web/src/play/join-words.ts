import { ApiError } from '@roundkeeper/client';
import { displayJoinCode, joinCodeProblem, normalizeJoinCode } from '@roundkeeper/protocol/join-code';

// Every refusal the join page shows, in a sentence for a person. The server's own sentences are kept
// where they are written for players (not-found, seat-taken, join-locked); a schema failure
// ("joinCode: Too small: …") never reaches the screen.

export function joinRefusal(error: unknown, typedCode: string): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Try again.';
  switch (error.code) {
    case 'bad-request':
      return joinCodeProblem(typedCode) ?? 'The server did not understand that request. Reload the page and try again.';
    case 'not-found':
      return error.message.startsWith('No encounter has')
        ? `No game has the code ${displayJoinCode(normalizeJoinCode(typedCode))}. Check it with your GM: it may have been changed.`
        : error.message;
    case 'network':
    case 'seat-taken':
    case 'join-locked':
      return error.message;
    default:
      return `The server could not do that just now (${error.message.replace(/\.$/, '')}). Try again.`;
  }
}
