import type { Game } from 'boardgame.io';

/** boardgame.io's side of the comparison: a game whose only move ends the turn, round-robin over the table. */
export const BGIO_GAME_NAME = 'initiative';
export const BGIO_END_TURN_MOVE = 'endTurn';

interface InitiativeState {
  readonly turnsEnded: number;
}

export const initiativeGame: Game<InitiativeState> = {
  name: BGIO_GAME_NAME,
  setup: () => ({ turnsEnded: 0 }),
  moves: {
    [BGIO_END_TURN_MOVE]: ({ G, events }) => {
      events.endTurn();
      return { turnsEnded: G.turnsEnded + 1 };
    },
  },
};
