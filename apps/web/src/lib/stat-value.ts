import type { StatDef } from '@roundkeeper/rules';

/** A stat's value for a person: its choice's words where the numbers stand for words ("Boss"), else the number. */
export const statValue = (def: StatDef, value: number): string => def.choices?.find((c) => c.value === value)?.label ?? String(value);
