// 5e.tools monsters that copy another (`_copy: { name, source, _mod, _templates, _preserve }`): the
// original's fields, then the templates' (template.json, when given), then the copy's changes
// (`_mod`), then the copy's own fields. The originals may be in any of the files read together. The
// changes are those the official books use (text replaced, entries appended, replaced, inserted or
// removed, skills and senses added, spells added, removed or replaced); one we do not apply is named,
// and the copy is taken without it.
type Raw = Record<string, unknown>;

const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const asArray = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Fields of the original a copy does not take unless `_preserve` names them (as 5e.tools does). */
const NOT_COPIED = ['page', 'otherSources', 'srd', 'srd52', 'basicRules', 'basicRules2024', 'reprintedAs', 'isReprinted', 'hasFluff', 'hasFluffImages', '_versions', 'legendaryGroup', 'variant', 'environment', 'soundClip', 'altArt', 'familiar'];

export const monsterKey = (name: string, source: string): string => `${name.toLowerCase()}|${source.toLowerCase()}`;

export interface CopyLookups {
  readonly monsters: ReadonlyMap<string, Raw>;
  readonly templates: ReadonlyMap<string, Raw>;
}

export type Resolution =
  | { readonly ok: true; readonly monster: Raw; readonly unapplied: readonly string[] }
  | { readonly ok: false; readonly missing: { readonly name: string; readonly source: string } | 'loop' };

/** Copies of copies exist (a variant of a variant); deeper than this is a loop. */
const MAX_COPY_DEPTH = 8;

export function resolveCopy(monster: Raw, lookups: CopyLookups, depth = 0): Resolution {
  const copy = monster._copy;
  if (!isRecord(copy)) return { ok: true, monster, unapplied: [] };
  if (depth >= MAX_COPY_DEPTH) return { ok: false, missing: 'loop' };
  const name = typeof copy.name === 'string' ? copy.name : '';
  const source = typeof copy.source === 'string' ? copy.source : '';
  const original = lookups.monsters.get(monsterKey(name, source));
  if (!original) return { ok: false, missing: { name, source } };
  const base = resolveCopy(original, lookups, depth + 1);
  if (!base.ok) return base;
  const preserve = isRecord(copy._preserve) ? copy._preserve : {};
  let out: Raw = structuredClone(base.monster);
  for (const key of NOT_COPIED) if (!preserve[key]) delete out[key];
  const unapplied = [...base.unapplied];
  for (const ref of asArray(copy._templates)) {
    const template = isRecord(ref) && typeof ref.name === 'string' && typeof ref.source === 'string' ? lookups.templates.get(monsterKey(ref.name, ref.source)) : undefined;
    if (!template) {
      unapplied.push(`the template ${isRecord(ref) && typeof ref.name === 'string' ? ref.name : '?'} (template.json was not given)`);
      continue;
    }
    const apply = isRecord(template.apply) ? template.apply : {};
    if (isRecord(apply._root)) out = { ...out, ...structuredClone(apply._root) };
    if (isRecord(apply._mod)) unapplied.push(...applyMods(out, apply._mod));
  }
  if (isRecord(copy._mod)) unapplied.push(...applyMods(out, copy._mod));
  const own = Object.fromEntries(Object.entries(monster).filter(([k]) => k !== '_copy'));
  return { ok: true, monster: { ...out, ...own }, unapplied };
}

/** Applies `_mod` to `m` in place; returns the changes it could not apply, in words. */
function applyMods(m: Raw, mods: Raw): string[] {
  const unapplied: string[] = [];
  // As 5e.tools orders them: each property's changes, then the root's ("_"), then the text everywhere ("*"),
  // so a change naming "Longsword" finds it before "*" turns swords into tridents.
  const last = ['_', '*'];
  const ordered = Object.entries(mods).sort(([a], [b]) => last.indexOf(a) - last.indexOf(b));
  for (const [prop, list] of ordered) {
    for (const mod of asArray(list)) {
      if (mod === 'remove') {
        delete m[prop];
        continue;
      }
      if (!isRecord(mod) || typeof mod.mode !== 'string') continue;
      const done = prop === '*' ? replaceEverywhere(m, mod) : prop === '_' ? rootMod(m, mod) : propMod(m, prop, mod);
      if (!done) unapplied.push(`a change "${mod.mode}"${prop === '*' || prop === '_' ? '' : ` of ${prop}`}`);
    }
  }
  return unapplied;
}

function textReplacer(mod: Raw): ((s: string) => string) | undefined {
  if (typeof mod.replace !== 'string' || typeof mod.with !== 'string') return undefined;
  const flags = typeof mod.flags === 'string' ? mod.flags.replace(/[^imsu]/g, '') : '';
  let pattern: RegExp;
  try {
    pattern = new RegExp(mod.replace, `g${flags}`);
  } catch {
    return undefined;
  }
  const replacement = mod.with;
  // "$1goblin" keeps what the first group matched (the books use it); "The goblin" at a sentence's start
  // stays capitalised when it becomes "the archer".
  const replace = (match: string, ...rest: unknown[]): string => {
    const groups = rest.filter((g): g is string | undefined => typeof g === 'string' || g === undefined).slice(0, -1);
    const expanded = replacement.replace(/\$(\d|&)/g, (_, g: string) => (g === '&' ? match : (groups[Number(g) - 1] ?? '')));
    const first = expanded.search(/\S/);
    const capitalise = /^\s*[A-Z]/.test(match) && first >= 0 && /[a-z]/.test(expanded.charAt(first)) && !/^\$\d/.test(replacement);
    return capitalise ? expanded.slice(0, first) + expanded.charAt(first).toUpperCase() + expanded.slice(first + 1) : expanded;
  };
  return (s) => s.replace(pattern, replace);
}

/** Every string under `value`, replaced (names of entries too, as 5e.tools does for "*"). */
function mapStrings(value: unknown, fn: (s: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)]));
  return value;
}

/** The text fields "*" changes: the entries of traits, actions and the like, not names of the creature. */
const TEXT_PROPS = ['trait', 'action', 'bonus', 'reaction', 'legendary', 'mythic', 'spellcasting', 'legendaryHeader', 'variant'];

function replaceEverywhere(m: Raw, mod: Raw): boolean {
  if (mod.mode !== 'replaceTxt') return false;
  const fn = textReplacer(mod);
  if (!fn) return false;
  for (const prop of TEXT_PROPS) if (m[prop] !== undefined) m[prop] = mapStrings(m[prop], fn);
  return true;
}

const entryName = (e: unknown): string | undefined => (isRecord(e) && typeof e.name === 'string' ? e.name : typeof e === 'string' ? e : undefined);

function propMod(m: Raw, prop: string, mod: Raw): boolean {
  const current = Array.isArray(m[prop]) ? (m[prop] as unknown[]) : [];
  const items = asArray(mod.items);
  switch (mod.mode) {
    case 'appendArr':
      m[prop] = [...current, ...structuredClone(items)];
      return true;
    case 'prependArr':
      m[prop] = [...structuredClone(items), ...current];
      return true;
    case 'appendIfNotExistsArr':
      m[prop] = [...current, ...items.filter((i) => !current.some((c) => JSON.stringify(c) === JSON.stringify(i)))];
      return true;
    case 'insertArr': {
      const at = typeof mod.index === 'number' ? mod.index : current.length;
      m[prop] = [...current.slice(0, at), ...structuredClone(items), ...current.slice(at)];
      return true;
    }
    case 'removeArr': {
      const names = asArray(mod.names).filter((n): n is string => typeof n === 'string');
      m[prop] = current.filter((c) => !names.includes(entryName(c) ?? '') && !items.some((i) => JSON.stringify(i) === JSON.stringify(c)));
      return true;
    }
    case 'replaceArr':
    case 'replaceOrAppendArr': {
      const target = mod.replace;
      const at =
        typeof target === 'string'
          ? current.findIndex((c) => entryName(c) === target)
          : isRecord(target) && typeof target.index === 'number'
            ? target.index
            : -1;
      if (at < 0 || at >= current.length) {
        if (mod.mode === 'replaceOrAppendArr') m[prop] = [...current, ...structuredClone(items)];
        return mod.mode === 'replaceOrAppendArr';
      }
      m[prop] = [...current.slice(0, at), ...structuredClone(items), ...current.slice(at + 1)];
      return true;
    }
    case 'replaceTxt': {
      const fn = textReplacer(mod);
      if (!fn || m[prop] === undefined) return fn !== undefined;
      m[prop] = mapStrings(m[prop], fn);
      return true;
    }
    // The numbers of a property ("hp": average × ½; "save": every bonus − 2), as the Reduced Threat template writes them.
    case 'scalarAddProp':
    case 'scalarMultProp':
      return scalarProp(m, prop, mod);
    case 'prefixSuffixStringProp': {
      const target = m[prop];
      if (!isRecord(target) || typeof mod.prop !== 'string' || typeof target[mod.prop] !== 'string') return target === undefined;
      target[mod.prop] = `${typeof mod.prefix === 'string' ? mod.prefix : ''}${target[mod.prop] as string}${typeof mod.suffix === 'string' ? mod.suffix : ''}`;
      return true;
    }
    // Every "{@hit n}" or "{@dc n}" in the property's text, moved by the scalar.
    case 'scalarAddHit':
    case 'scalarAddDc': {
      if (typeof mod.scalar !== 'number') return false;
      const scalar = mod.scalar;
      const tag = mod.mode === 'scalarAddHit' ? 'hit' : 'dc';
      const moved = (s: string) => s.replace(new RegExp(`\\{@${tag} ([+-]?\\d+)`, 'g'), (_, n: string) => `{@${tag} ${Number(n) + scalar}`);
      if (m[prop] !== undefined) m[prop] = mapStrings(m[prop], moved);
      return true;
    }
    default:
      return false;
  }
}

function scalarProp(m: Raw, prop: string, mod: Raw): boolean {
  const target = m[prop];
  if (target === undefined) return true;
  if (!isRecord(target) || typeof mod.prop !== 'string' || typeof mod.scalar !== 'number') return false;
  const scalar = mod.scalar;
  const apply = (key: string) => {
    const value = Number(target[key]);
    if (!Number.isFinite(value)) return;
    let out = mod.mode === 'scalarAddProp' ? value + scalar : value * scalar;
    if (mod.floor === true) out = Math.floor(out);
    target[key] = typeof target[key] === 'string' ? `${out >= 0 ? '+' : ''}${out}` : out;
  };
  if (mod.prop === '*') Object.keys(target).forEach(apply);
  else apply(mod.prop);
  return true;
}

const SIZE_ORDER = ['F', 'D', 'T', 'S', 'M', 'L', 'H', 'G', 'C'];

function rootMod(m: Raw, mod: Raw): boolean {
  switch (mod.mode) {
    case 'addSkills':
    case 'addSaves': {
      const saves = mod.mode === 'addSaves';
      const given = mod[saves ? 'saves' : 'skills'];
      if (!isRecord(given)) return false;
      const current = isRecord(m[saves ? 'save' : 'skill']) ? { ...(m[saves ? 'save' : 'skill'] as Raw) } : {};
      const proficiency = proficiencyOf(m.cr);
      for (const [name, times] of Object.entries(given)) {
        const ability = saves ? name : SKILL_ABILITY[name.toLowerCase()];
        const score = ability ? m[ability] : undefined;
        if (typeof score !== 'number' || proficiency === undefined || typeof times !== 'number') return false;
        // 1: proficient, 2: expertise, on top of the ability's modifier.
        const bonus = Math.floor((score - 10) / 2) + times * proficiency;
        current[name] = bonus >= 0 ? `+${bonus}` : String(bonus);
      }
      m[saves ? 'save' : 'skill'] = current;
      return true;
    }
    case 'addSenses': {
      const senses = asArray(mod.senses)
        .map((s) => (isRecord(s) && typeof s.type === 'string' ? `${s.type} ${typeof s.range === 'number' ? `${s.range} ft.` : ''}`.trim() : undefined))
        .filter((s): s is string => s !== undefined);
      m.senses = [...(Array.isArray(m.senses) ? m.senses : []), ...senses];
      return true;
    }
    case 'setProp': {
      if (typeof mod.prop !== 'string') return false;
      const path = mod.prop.split('.');
      let at: Raw = m;
      for (const part of path.slice(0, -1)) at = isRecord(at[part]) ? (at[part] as Raw) : (at[part] = {});
      const last = path.at(-1)!;
      if (mod.value === null || mod.value === undefined) delete at[last];
      else at[last] = structuredClone(mod.value);
      return true;
    }
    case 'addSpells':
    case 'removeSpells':
    case 'replaceSpells':
      return spellMod(m, mod);
    case 'maxSize': {
      const max = SIZE_ORDER.indexOf(typeof mod.max === 'string' ? mod.max : '');
      if (max < 0) return false;
      if (Array.isArray(m.size)) m.size = [...new Set(m.size.map((size) => (SIZE_ORDER.indexOf(String(size)) > max ? SIZE_ORDER[max] : size)))];
      return true;
    }
    // Experience points are not part of the stat block.
    case 'scalarMultXp':
      return true;
    default:
      return false;
  }
}

/** Spell lists of the first spellcasting block: `will`, `daily["1e"]`, `spells["3"].spells`… */
function spellMod(m: Raw, mod: Raw): boolean {
  const block = Array.isArray(m.spellcasting) && isRecord(m.spellcasting[0]) ? (m.spellcasting[0] as Raw) : undefined;
  if (!block) return false;
  const listAt = (group: string, key?: string): unknown[] => {
    if (key === undefined) return Array.isArray(block[group]) ? (block[group] as unknown[]) : (block[group] = []);
    const holder = isRecord(block[group]) ? (block[group] as Raw) : (block[group] = {});
    if (group === 'spells') {
      const level = isRecord(holder[key]) ? (holder[key] as Raw) : (holder[key] = { spells: [] });
      return Array.isArray(level.spells) ? (level.spells as unknown[]) : (level.spells = []);
    }
    return Array.isArray(holder[key]) ? (holder[key] as unknown[]) : (holder[key] = []);
  };
  const each = (fn: (list: unknown[], change: unknown) => void) => {
    for (const group of ['will', 'daily', 'spells', 'rest', 'restLong'] as const) {
      const change = mod[group];
      if (change === undefined) continue;
      if (group === 'will') fn(listAt('will'), change);
      else if (isRecord(change)) for (const [key, value] of Object.entries(change)) fn(listAt(group, key), group === 'spells' && isRecord(value) ? value.spells : value);
    }
  };
  each((list, change) => {
    for (const item of asArray(change)) {
      if (mod.mode === 'addSpells') list.push(item);
      else if (mod.mode === 'removeSpells') {
        const i = list.findIndex((s) => s === item);
        if (i >= 0) list.splice(i, 1);
      } else if (isRecord(item) && typeof item.replace === 'string') {
        const i = list.findIndex((s) => s === item.replace);
        if (i >= 0) list.splice(i, 1, ...asArray(item.with));
      }
    }
  });
  return true;
}

const SKILL_ABILITY: Readonly<Record<string, string>> = {
  acrobatics: 'dex',
  'animal handling': 'wis',
  arcana: 'int',
  athletics: 'str',
  deception: 'cha',
  history: 'int',
  insight: 'wis',
  intimidation: 'cha',
  investigation: 'int',
  medicine: 'wis',
  nature: 'int',
  perception: 'wis',
  performance: 'cha',
  persuasion: 'cha',
  religion: 'int',
  'sleight of hand': 'dex',
  stealth: 'dex',
  survival: 'wis',
};

/** SRD "Proficiency Bonus by Challenge Rating": +2 up to CR 4, one more every 4 CR. */
export function proficiencyOfCr(cr: string): number | undefined {
  if (!/^(\d+|1\/[248])$/.test(cr)) return undefined;
  const value = cr.includes('/') ? 0 : Number(cr);
  return value < 5 ? 2 : 2 + Math.ceil((value - 4) / 4);
}

/** A monster's `cr` ("5" or `{ cr: "5", lair: "6" }`) as its proficiency bonus. */
export const proficiencyOf = (cr: unknown): number | undefined =>
  typeof cr === 'string' ? proficiencyOfCr(cr) : isRecord(cr) && typeof cr.cr === 'string' ? proficiencyOfCr(cr.cr) : undefined;
