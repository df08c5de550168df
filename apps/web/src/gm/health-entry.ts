// The console's quick health entry, typed on a roster row or for the selected rows and sent as one
// command (several targets: one command, one undo; ENG-26):
//   -7   damage 7          +5   heal 5          =30  set the maximum (hit points or wound threshold)
//   -7!  a critical hit    t8   8 temporary hit points (where the system has them; t0 takes them away)
//   s-3 / s+3 / s=12       strain taken, recovered, its threshold (wounds with strain: genesys)
//   30   on a combatant without health yet: its maximum
import type { Command, CombatantId, EncounterView, HealthForm, HealthTrack } from '@roundkeeper/rules';
import { phasesOf } from '@roundkeeper/rules/core';
import { summaryOf } from './catalogue.js';

/**
 * Whether the console offers health entry: until the encounter ends, and after it where the system
 * heals then ([GEN-31], from its phase table: Genesys helps the incapacitated once the fight is over).
 */
export function healthEntryOpen(view: Pick<EncounterView, 'phase' | 'system'>): boolean {
  if (view.phase !== 'ended') return true;
  const summary = summaryOf(view.system);
  return summary !== undefined && phasesOf(summary, 'apply-healing').includes(view.phase);
}

export type HealthEntry =
  | { readonly kind: 'damage'; readonly amount: number; readonly track?: HealthTrack; readonly critical: boolean }
  | { readonly kind: 'heal'; readonly amount: number; readonly track?: HealthTrack }
  | { readonly kind: 'max'; readonly amount: number; readonly track?: HealthTrack }
  | { readonly kind: 'temp'; readonly amount: number };

export type ParsedEntry = { readonly ok: true; readonly entry: HealthEntry } | { readonly ok: false; readonly error: string };

const ENTRY = /^(s|t|strain|temp)?\s*([-+=])?\s*(\d{1,4})\s*(!)?$/i;

/** What typing -7, +5 or =30 does, for the field's hint. */
export function entryHint(form: HealthForm): string {
  const base = '-7 damage, +5 heal, =30 max';
  if (form.kind === 'hit-points') return form.temp ? `${base}, t5 temp HP` : base;
  return form.strain ? `${base} (wounds), s-3 strain` : base;
}

export function parseHealthEntry(text: string, form: HealthForm, hasHealth: boolean): ParsedEntry {
  const match = ENTRY.exec(text.trim());
  if (!match) return { ok: false, error: `Type ${entryHint(form)}.` };
  const prefix = (match[1] ?? '').toLowerCase();
  const sign = match[2] ?? '';
  const amount = Number(match[3]);
  const critical = match[4] === '!';
  if (prefix.startsWith('t')) {
    if (form.kind !== 'hit-points' || !form.temp) return { ok: false, error: 'This system has no temporary hit points.' };
    if (sign !== '' && sign !== '=') return { ok: false, error: 'Temporary hit points are set, not added: t5.' };
    return { ok: true, entry: { kind: 'temp', amount } };
  }
  const strain = prefix.startsWith('s');
  if (strain && (form.kind !== 'wounds' || !form.strain)) return { ok: false, error: 'This system counts no strain.' };
  const track: { track?: HealthTrack } = strain ? { track: 'strain' } : {};
  if (critical && sign !== '-') return { ok: false, error: 'Only damage can be a critical hit: -7!' };
  switch (sign) {
    case '-':
    case '+':
      if (amount < 1) return { ok: false, error: 'Type an amount of at least 1.' };
      if (!hasHealth && !strain) return { ok: false, error: 'Give a maximum first: =30.' };
      return { ok: true, entry: sign === '-' ? { kind: 'damage', amount, critical, ...track } : { kind: 'heal', amount, ...track } };
    case '=':
      return amount < 1 ? { ok: false, error: 'A maximum is at least 1.' } : { ok: true, entry: { kind: 'max', amount, ...track } };
    default:
      if (!hasHealth && amount >= 1) return { ok: true, entry: { kind: 'max', amount, ...track } };
      return { ok: false, error: `Type ${entryHint(form)}.` };
  }
}

/** The one command an entry makes for these combatants. */
export function entryCommand(entry: HealthEntry, ids: readonly CombatantId[]): Command {
  switch (entry.kind) {
    case 'damage':
      return {
        type: 'apply-damage',
        targets: ids.map((combatantId) => ({ combatantId, amount: entry.amount, ...(entry.critical ? { critical: true } : {}) })),
        ...(entry.track ? { track: entry.track } : {}),
      };
    case 'heal':
      return { type: 'apply-healing', targets: ids.map((combatantId) => ({ combatantId, amount: entry.amount })), ...(entry.track ? { track: entry.track } : {}) };
    case 'max':
      return { type: 'set-max-health', combatantIds: [...ids], max: entry.amount, ...(entry.track ? { track: entry.track } : {}) };
    case 'temp':
      return { type: 'set-temp-health', targets: ids.map((combatantId) => ({ combatantId, amount: entry.amount })) };
    default: {
      const _exhaustive: never = entry;
      return _exhaustive;
    }
  }
}
