// The arithmetic of Foundry's dnd5e formulas for initiative and hit points ("@prof", "@prof * 2",
// "@abilities.dex.mod + 1", "floor(@details.level / 2)"), evaluated without eval: numbers, `@` data
// paths, + - * /, parentheses and floor, ceil, round, min, max, abs. Dice ("1d4") have no one value and
// are not evaluated; neither is a path the actor does not give. Either way the answer is undefined and
// the reader says so.

export type FormulaData = (path: string) => number | undefined;

const FUNCTIONS: Readonly<Record<string, (...args: number[]) => number>> = {
  floor: Math.floor,
  ceil: Math.ceil,
  round: Math.round,
  min: Math.min,
  max: Math.max,
  abs: Math.abs,
};

/** Longer formulas are not what these fields hold. */
const MAX_FORMULA_LENGTH = 200;

type Token = { kind: 'number'; value: number } | { kind: 'path'; path: string } | { kind: 'name'; name: string } | { kind: 'op'; op: string };

function tokens(formula: string): Token[] | undefined {
  const out: Token[] = [];
  const pattern = /\s*(?:(\d+(?:\.\d+)?)|@([A-Za-z_][\w.]*)|([A-Za-z_]\w*)|([-+*/(),]))/y;
  let at = 0;
  while (at < formula.length) {
    if (/^\s*$/.test(formula.slice(at))) break;
    pattern.lastIndex = at;
    const m = pattern.exec(formula);
    if (!m) return undefined;
    at = pattern.lastIndex;
    if (m[1] !== undefined) out.push({ kind: 'number', value: Number(m[1]) });
    else if (m[2] !== undefined) out.push({ kind: 'path', path: m[2] });
    else if (m[3] !== undefined) out.push({ kind: 'name', name: m[3] });
    else out.push({ kind: 'op', op: m[4]! });
  }
  return out;
}

/** The formula's value, or undefined when it is not plain arithmetic over data the actor gives. */
export function evaluateFormula(formula: string, data: FormulaData): number | undefined {
  if (formula.length > MAX_FORMULA_LENGTH) return undefined;
  const list = tokens(formula);
  if (!list || list.length === 0) return undefined;
  let i = 0;
  const peek = (): Token | undefined => list[i];
  const isOp = (op: string): boolean => {
    const t = peek();
    return t?.kind === 'op' && t.op === op;
  };
  const expect = (op: string): boolean => {
    if (!isOp(op)) return false;
    i++;
    return true;
  };
  // Each returns undefined on anything it cannot read; the first undefined ends the evaluation.
  const expression = (): number | undefined => {
    let value = term();
    while (value !== undefined && (isOp('+') || isOp('-'))) {
      const op = (list[i++] as { op: string }).op;
      const right = term();
      value = right === undefined ? undefined : op === '+' ? value + right : value - right;
    }
    return value;
  };
  const term = (): number | undefined => {
    let value = factor();
    while (value !== undefined && (isOp('*') || isOp('/'))) {
      const op = (list[i++] as { op: string }).op;
      const right = factor();
      value = right === undefined || (op === '/' && right === 0) ? undefined : op === '*' ? value * right : value / right;
    }
    return value;
  };
  const factor = (): number | undefined => {
    const t = list[i++];
    if (!t) return undefined;
    if (t.kind === 'number') return t.value;
    if (t.kind === 'path') return data(t.path);
    if (t.kind === 'op' && (t.op === '+' || t.op === '-')) {
      const value = factor();
      return value === undefined ? undefined : t.op === '-' ? -value : value;
    }
    if (t.kind === 'op' && t.op === '(') {
      const value = expression();
      return expect(')') ? value : undefined;
    }
    if (t.kind === 'name') {
      const fn = FUNCTIONS[t.name];
      if (!fn || !expect('(')) return undefined;
      const args: number[] = [];
      do {
        const arg = expression();
        if (arg === undefined) return undefined;
        args.push(arg);
      } while (expect(','));
      return expect(')') ? fn(...args) : undefined;
    }
    return undefined;
  };
  const value = expression();
  return value !== undefined && i === list.length && Number.isFinite(value) ? value : undefined;
}
