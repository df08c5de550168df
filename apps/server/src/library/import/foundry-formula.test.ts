import { describe, expect, it } from 'vitest';
import { evaluateFormula } from './foundry-formula.js';

const data = (values: Record<string, number>) => (path: string) => values[path];
const lich = data({ prof: 7, 'abilities.dex.mod': 3, 'details.level': 0, 'abilities.con.mod': 3 });

describe('Foundry formula arithmetic', () => {
  it('evaluates the formulas Foundry writes for initiative and hit points', () => {
    expect(evaluateFormula('@prof', lich)).toBe(7);
    expect(evaluateFormula('@prof * 2', lich)).toBe(14);
    expect(evaluateFormula('+2', lich)).toBe(2);
    expect(evaluateFormula('@abilities.dex.mod + 1', lich)).toBe(4);
    expect(evaluateFormula('floor(@prof / 2)', lich)).toBe(3);
    expect(evaluateFormula('max(1, @abilities.con.mod) * (2 + 1)', lich)).toBe(9);
    expect(evaluateFormula('-(@prof - 10)', lich)).toBe(3);
  });

  it('gives no value for dice, unknown data, unknown functions, division by zero or anything not arithmetic', () => {
    for (const formula of ['1d4', '@prof + 1d4', '@item.level * 10', 'eval(1)', '@prof / 0', '(1 + 2', '1 +', 'process.exit()', '2 ** 3', '@prof;1', `${'1+'.repeat(200)}1`]) {
      expect(evaluateFormula(formula, lich)).toBeUndefined();
    }
  });
});
