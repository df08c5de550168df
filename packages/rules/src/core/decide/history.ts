// [ENG-18] undo, redo (GM only) and set-options.
import { HEALTH_FLAGS } from '../health/options.js';
import { MAX_UNDO_DEPTH } from '../history.js';
import { parseEncounterOptions } from '../options.js';
import type { Decision } from '../system.js';
import { accept, refuse, requirePhase, type DecideContext } from './context.js';

// Once the encounter has ended the seed is public: going back would let anyone predict every roll.
const UNDOABLE = ['setup', 'initiative', 'active'] as const;

export function undoCommand(ctx: DecideContext): Decision {
  const wrong = requirePhase(ctx.state, UNDOABLE, 'undo');
  if (wrong) return wrong;
  if (ctx.state.history.past.length === 0) {
    return refuse('nothing-to-undo', `There is nothing to undo (the last ${MAX_UNDO_DEPTH} commands can be undone).`);
  }
  return accept([{ type: 'undone' }]);
}

export function redoCommand(ctx: DecideContext): Decision {
  const wrong = requirePhase(ctx.state, UNDOABLE, 'redo');
  if (wrong) return wrong;
  if (ctx.state.history.future.length === 0) return refuse('nothing-to-redo', 'There is nothing to redo.');
  return accept([{ type: 'redone' }]);
}

/**
 * [ENG-20] Merges the given options over the current ones; the system validates the result. [ENG-32]
 * The health options alone may also change during combat: what the table sees is the GM's call at
 * any moment, and no rule already applied depends on them.
 */
export function setOptions(ctx: DecideContext, options: Readonly<Record<string, unknown>>): Decision {
  const healthOnly = Object.keys(options).length > 0 && Object.keys(options).every((key) => Object.hasOwn(HEALTH_FLAGS, key));
  const wrong = requirePhase(ctx.state, healthOnly ? ['setup', 'initiative', 'active'] : ['setup', 'initiative'], 'change the options');
  if (wrong) return wrong;
  const parsed = parseEncounterOptions(ctx.system, { ...ctx.state.options, ...options });
  if (!parsed.ok) return { ok: false, violation: parsed.violation };
  return accept([{ type: 'options-set', options: parsed.options }]);
}
