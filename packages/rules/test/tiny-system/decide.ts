// Tiny's `decide` hook: its own command; every core command is left to the engine.
import type { Actor, Command } from '../../src/core/commands.js';
import { accept, refuse, requirePhase } from '../../src/core/decide/context.js';
import type { EncounterState } from '../../src/core/model.js';
import type { Decision } from '../../src/core/system.js';
import { tinyExt } from './state.js';
import { TINY_VIOLATIONS } from './violations.js';

export function decideTiny(state: EncounterState, command: Command, actor: Actor): Decision | undefined {
  if (command.type !== 'tiny-rally') return undefined;
  if (actor.role !== 'gm') return refuse('gm-only', 'Only the GM calls a rally.');
  const wrong = requirePhase(state, ['active'], 'rally');
  if (wrong) return wrong;
  if (tinyExt(state).rallies.length >= Number(state.options['maxRallies'])) {
    return refuse('tiny-no-rallies-left', TINY_VIOLATIONS['tiny-no-rallies-left']);
  }
  return accept([{ type: 'tiny-rallied', round: state.round }]);
}
