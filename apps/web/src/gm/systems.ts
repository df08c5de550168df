import type { SystemId } from '@roundkeeper/rules';

/** Systems the console offers; the others join this list as their rules modules land. */
export const SYSTEM_CHOICES: readonly { readonly id: SystemId; readonly label: string }[] = [{ id: 'dnd5e', label: 'D&D 5e' }];
