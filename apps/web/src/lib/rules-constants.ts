// The few values of the rules the console needs at run time, without importing `@roundkeeper/rules`'
// index (it would bring every system's rules module into the bundle). Each is typed as the rules' own,
// so a change there fails the type check here; rules-constants.test.ts compares the values.
import type {
  DEFAULT_PHYSICAL_DICE as RulesDefaultPhysicalDice,
  PHYSICAL_DICE as RulesPhysicalDice,
  SIDES as RulesSides,
} from '@roundkeeper/rules';

export const SIDES: typeof RulesSides = ['pc', 'enemy', 'npc'];
export const PHYSICAL_DICE: typeof RulesPhysicalDice = ['off', 'gm', 'everyone'];
export const DEFAULT_PHYSICAL_DICE: typeof RulesDefaultPhysicalDice = 'everyone';
