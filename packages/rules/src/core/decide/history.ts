// [ENG-18] undo, redo (GM only) and set-options.
import { HEALTH_FLAGS } from '../health/options.js';
import { MAX_UNDO_DEPTH } from '../history.js';
import { TIMER_FLAGS } from '../turn-timer.js';
import { parseEncounterOptions } from '../options.js';
import type { Decision } from '../system.js';
import { accept, refuse, requireCommandPhase, requirePhase, type DecideContext } from './context.js';

export function undoCommand(ctx: DecideContext): Decision {
  const wrong = requireCommandPhase(ctx, 'undo', 'undo');
  if (wrong) return wrong;
  if (ctx.state.history.past.length === 0) {
    return refuse('nothing-to-undo', `There is nothing to undo (the last ${MAX_UNDO_DEPTH} commands can be undone).`);
  }
  return accept([{ type: 'undone' }]);
}

export function redoCommand(ctx: DecideContext): Decision {
  const wrong = requireCommandPhase(ctx, 'redo', 'redo');
  if (wrong) return wrong;
  if (ctx.state.history.future.length === 0) return refuse('nothing-to-redo', 'There is nothing to redo.');
  return accept([{ type: 'redone' }]);
}

/** Options that may change during combat too. */
const LIVE_FLAGS = { ...HEALTH_FLAGS, ...TIMER_FLAGS };

/**
 * [ENG-20] Merges the given options over the current ones; the system validates the result. [ENG-32]
 * The health options and [ENG-39] the turn timer's may also change during combat: what the table sees
 * and how long a turn may take are the GM's call at any moment, and no rule already applied depends
 * on them.
 */
export function setOptions(ctx: DecideContext, options: Readonly<Record<string, unknown>>): Decision {
  const liveOnly = Object.keys(options).length > 0 && Object.keys(options).every((key) => Object.hasOwn(LIVE_FLAGS, key));
  const wrong =
    requireCommandPhase(ctx, 'set-options', 'change the options') ??
    (liveOnly ? undefined : requirePhase(ctx.state, ['setup', 'initiative'], 'change the options'));
  if (wrong) return wrong;
  const parsed = parseEncounterOptions(ctx.system, { ...ctx.state.options, ...options });
  if (!parsed.ok) return { ok: false, violation: parsed.violation };
  return accept([{ type: 'options-set', options: parsed.options }]);
}
