// [ENG-38] Every combatant, group and turn a player's command names is resolved against what that
// player can see before any rule of the core or of a system runs: a hidden one and one that does not
// exist are refused alike (same code, same sentence), whatever the command and the system.
import type { Command } from '../commands.js';
import type { Sight } from '../project.js';
import type { Decision } from '../system.js';
import { refuse } from './context.js';

/** Fields that name combatants, in core and system commands (alone or as lists, at any depth). */
const COMBATANT_FIELDS: ReadonlySet<string> = new Set(['combatantId', 'combatantIds', 'alsoOn', 'rallierId', 'enemyId', 'surprised']);
/** Fields that name a turn of the order. */
const SLOT_FIELDS: ReadonlySet<string> = new Set(['targetSlotId', 'slotId']);

interface Named {
  readonly combatants: string[];
  readonly groups: string[];
  readonly slots: string[];
}

const isUnitRef = (v: object): v is { kind: 'combatant' | 'group'; id: string } =>
  'kind' in v && 'id' in v && (v.kind === 'combatant' || v.kind === 'group') && typeof v.id === 'string' && Object.keys(v).length === 2;

function collect(value: unknown, field: string, into: Named): void {
  if (typeof value === 'string') {
    if (COMBATANT_FIELDS.has(field)) into.combatants.push(value);
    else if (SLOT_FIELDS.has(field)) into.slots.push(value);
    return;
  }
  if (Array.isArray(value)) {
    for (const v of value) collect(v, field, into);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (isUnitRef(value)) {
    (value.kind === 'group' ? into.groups : into.combatants).push(value.id);
    return;
  }
  for (const [k, v] of Object.entries(value)) collect(v, k, into);
}

/** What `command` names: combatants (also as units), groups and turns. */
export function namedIds(command: Command): Named {
  const into: Named = { combatants: [], groups: [], slots: [] };
  collect(command, '', into);
  return into;
}

export const UNKNOWN_COMBATANT = 'There is no such combatant in this encounter.';
export const UNKNOWN_GROUP = 'There is no such group in this encounter.';
export const UNKNOWN_TURN = 'There is no such turn in the Initiative Order.';

/** The one refusal for a command naming something `sight` does not hold; undefined when it names none. */
export function refuseUnseen(command: Command, sight: Sight): Decision | undefined {
  const named = namedIds(command);
  if (named.combatants.some((id) => !sight.combatant(id))) return refuse('unknown-combatant', UNKNOWN_COMBATANT);
  if (named.groups.some((id) => !sight.group(id))) return refuse('unknown-group', UNKNOWN_GROUP);
  if (named.slots.some((id) => !sight.slot(id))) return refuse('invalid-command', UNKNOWN_TURN);
  return undefined;
}
