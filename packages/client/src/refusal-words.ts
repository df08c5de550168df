// What a person reads when the server refuses something. The server's sentences are written for people,
// except one: a request that failed the protocol's schema ('bad-request') carries the validator's text
// ("command.combatant.name: Too big: expected string to have <=60 characters"), which is for logs and
// developers. The pages know the protocol's limits before sending, so this answer means a bug or an
// out-of-date page: it gets a sentence, and its detail goes to the browser's console.

/** The sentence a page shows for a 'bad-request', whatever the validator said. */
export const BAD_REQUEST_WORDS = 'The app sent something the server could not read, so nothing changed. Reload the page and try again.';

/** `refusal` as a person may read it: a 'bad-request' in words, anything else as the server said it. */
export function readable<T extends { readonly code: string; readonly message: string }>(refusal: T): T {
  if (refusal.code !== 'bad-request') return refusal;
  console.warn(`Refused as malformed: ${refusal.message}`);
  return { ...refusal, message: BAD_REQUEST_WORDS };
}
