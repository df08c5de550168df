// What a Foundry dnd5e actor's numbers come to, as Foundry derives them: ability modifiers, the
// proficiency bonus (a character's from its class levels, an NPC's from its CR), the `@` data its
// formulas read, its items' active effects on initiative (the Alert feat: +5 in 2014 as a flag, + the
// proficiency bonus in 2024), and a character's hit point maximum, which Foundry does not store but
// computes from its classes' hit point advancement, Constitution and bonuses.
import { evaluateFormula, type FormulaData } from './foundry-formula.js';

export type Raw = Readonly<Record<string, unknown>>;
export const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
export const numberOf = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^[+-]?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : undefined);

export const ABILITY_IDS = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const;

const get = (value: unknown, path: readonly string[]): unknown => path.reduce<unknown>((at, key) => (isRecord(at) ? at[key] : undefined), value);

const modifier = (score: number): number => Math.floor((score - 10) / 2);

/** Foundry's active effect change modes: 2 adds, 5 overrides. */
const ADD = 2;
const OVERRIDE = 5;

export class FoundryActor {
  constructor(
    readonly actor: Raw,
    readonly system: Raw,
  ) {}

  get items(): Raw[] {
    return Array.isArray(this.actor.items) ? this.actor.items.filter(isRecord) : [];
  }

  score(ability: string): number | undefined {
    return numberOf(get(this.system, ['abilities', ability, 'value']));
  }

  mod(ability: string): number {
    const score = this.score(ability);
    return score === undefined ? 0 : modifier(score);
  }

  classes(): Raw[] {
    return this.items.filter((i) => i.type === 'class');
  }

  level(): number {
    const fromClasses = this.classes().reduce((sum, c) => sum + (numberOf(get(c, ['system', 'levels'])) ?? 0), 0);
    return fromClasses || (numberOf(get(this.system, ['details', 'level'])) ?? 0);
  }

  /** Characters: +2 at levels 1–4, one more every 4 levels; NPCs: by CR, the same table. */
  proficiency(): number | undefined {
    const stored = numberOf(get(this.system, ['attributes', 'prof']));
    if (stored !== undefined) return stored;
    const level = this.actor.type === 'character' ? this.level() : numberOf(get(this.system, ['details', 'cr']));
    if (level === undefined) return undefined;
    return Math.max(PROFICIENCY_FLOOR, Math.floor((Math.max(level, 1) + 7) / 4));
  }

  /** The `@` data of formulas: `@prof`, `@abilities.dex.mod`, `@details.level`, `@attributes.hp.max`… */
  readonly data: FormulaData = (path) => {
    if (path === 'prof') return this.proficiency();
    const abilityMod = /^abilities\.(\w+)\.mod$/.exec(path);
    if (abilityMod) return this.score(abilityMod[1]!) === undefined ? undefined : this.mod(abilityMod[1]!);
    if (path === 'details.level') return this.level() || undefined;
    if (path === 'details.cr') return numberOf(get(this.system, ['details', 'cr']));
    return numberOf(get(this.system, path.split('.')));
  };

  evaluate(formula: unknown): number | undefined {
    if (typeof formula === 'number') return formula;
    if (typeof formula !== 'string' || formula.trim() === '') return typeof formula === 'string' ? 0 : undefined;
    return evaluateFormula(formula, this.data);
  }

  /** Active effects that apply to the actor: its own, and its items' that transfer (the feats' and the gear's). */
  effectChanges(): Raw[] {
    const effects = [
      ...(Array.isArray(this.actor.effects) ? this.actor.effects : []),
      ...this.items.flatMap((i) => (Array.isArray(i.effects) ? i.effects.filter((e) => isRecord(e) && e.transfer !== false) : [])),
    ];
    return effects.filter((e): e is Raw => isRecord(e) && e.disabled !== true).flatMap((e) => (Array.isArray(e.changes) ? e.changes.filter(isRecord) : []));
  }

  /** Whether a dnd5e flag is set, on the actor or by an effect. */
  flag(name: string): boolean {
    if (get(this.actor, ['flags', 'dnd5e', name]) === true) return true;
    return this.effectChanges().some((c) => c.key === `flags.dnd5e.${name}` && c.mode === OVERRIDE && (c.value === true || c.value === 'true'));
  }

  /** What effects add to a field, each change's value evaluated (undefined: one does not evaluate). */
  effectBonus(key: string): { total: number; unread: string[] } {
    let total = 0;
    const unread: string[] = [];
    for (const change of this.effectChanges()) {
      if (change.key !== key || change.mode !== ADD) continue;
      const value = this.evaluate(change.value);
      if (value === undefined) unread.push(String(change.value));
      else total += value;
    }
    return { total, unread };
  }

  /**
   * A character's hit point maximum as Foundry computes it: each class level's hit points (its
   * advancement: "max" the die's faces, "avg" half plus one, or the number rolled), Constitution's
   * modifier a level, the per-level and overall bonuses, and effects on the maximum. Undefined without
   * the advancement to read.
   */
  computedMaxHp(): number | undefined {
    let total = 0;
    let levels = 0;
    for (const cls of this.classes()) {
      const system = isRecord(cls.system) ? cls.system : {};
      const die = numberOf(String(get(system, ['hd', 'denomination']) ?? get(system, ['hitDice']) ?? '').replace(/^d/, ''));
      const advancement = Array.isArray(system.advancement) ? system.advancement.find((a) => isRecord(a) && a.type === 'HitPoints') : undefined;
      const rolled = isRecord(advancement) && isRecord(advancement.value) ? advancement.value : undefined;
      if (die === undefined || !rolled) return undefined;
      for (const value of Object.values(rolled)) {
        const hp = value === 'max' ? die : value === 'avg' ? die / 2 + 1 : numberOf(value);
        if (hp === undefined) return undefined;
        total += hp;
        levels++;
      }
    }
    if (levels === 0) return undefined;
    const hp = get(this.system, ['attributes', 'hp']);
    const perLevel = this.evaluate(get(hp, ['bonuses', 'level']) ?? '');
    const overall = this.evaluate(get(hp, ['bonuses', 'overall']) ?? '');
    if (perLevel === undefined || overall === undefined) return undefined;
    const effects = this.effectBonus('system.attributes.hp.max');
    return total + levels * (this.mod('con') + perLevel) + overall + effects.total;
  }
}

/** No proficiency bonus below +2 (CR 0 creatures have +2). */
const PROFICIENCY_FLOOR = 2;
