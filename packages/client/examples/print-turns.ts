// A third-party script on @roundkeeper/client: follow an encounter as a spectator and print each turn
// as it begins. The link is the overlay link the GM console shows (a spectator's: it sees what the
// table's TV sees, never a hidden combatant).
//
//   npx tsx packages/client/examples/print-turns.ts 'http://localhost:3000/overlay#e=…&t=…'
//
//   Round 1: Aria's turn
//   Round 1: Goblin's turn
//   The encounter has ended.
//
// It stops by itself when the encounter ends, and says why when the server refuses the link.
import { EncounterConnection } from '@roundkeeper/client';
import type { EncounterView } from '@roundkeeper/rules';

/** The encounter and spectator token of an overlay link (`…/overlay#e=<encounterId>&t=<token>`). */
export function parseOverlayLink(link: string): { baseUrl: string; encounterId: string; token: string } {
  const url = new URL(link);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const encounterId = fragment.get('e');
  const token = fragment.get('t');
  if (!encounterId || !token) throw new Error('That is not an overlay link: it should end in #e=…&t=….');
  return { baseUrl: url.origin, encounterId, token };
}

/** "Round 2: Aria's turn", or null when no turn is running (or it is one a spectator may not see). */
export function turnLine(view: EncounterView): string | null {
  if (!view.turn) return null;
  const names = view.turn.actorIds.map((id) => view.combatants.find((c) => c.id === id)?.name ?? 'someone');
  const who = names.length > 0 ? names.join(' and ') : (view.order.find((slot) => slot.id === view.turn?.slotId)?.label ?? 'an open slot');
  return `Round ${view.round}: ${who}'s turn`;
}

/** Prints each turn as it begins; resolves when the encounter has ended, rejects when the link is refused. */
export function printTurns(link: string, print: (line: string) => void): Promise<void> {
  const connection = new EncounterConnection();
  let last: string | null = null;
  let done = false;
  return new Promise((resolve, reject) => {
    connection.subscribe(({ status, refusal, view }) => {
      // Closing the connection tells its listeners once more; by then there is nothing left to say.
      if (done) return;
      if (status === 'refused') {
        done = true;
        connection.close();
        reject(new Error(refusal?.message ?? 'The server refused the link.'));
        return;
      }
      if (!view) return;
      const line = turnLine(view.view);
      // A view arrives for every change the spectator can see; a turn is printed once, when it begins.
      if (line !== null && line !== last) print(line);
      last = line;
      if (view.view.phase === 'ended') {
        done = true;
        print('The encounter has ended.');
        connection.close();
        resolve();
      }
    });
    connection.connect(parseOverlayLink(link));
  });
}

// Run as a script (not when a test imports the functions above).
if (import.meta.url === `file://${process.argv[1]}`) {
  const link = process.argv[2];
  if (!link) {
    console.error("Usage: npx tsx print-turns.ts '<the overlay link from the GM console>'");
    process.exit(2);
  }
  printTurns(link, (line) => process.stdout.write(`${line}\n`)).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
