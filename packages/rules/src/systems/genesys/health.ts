// [GEN-37] [GEN-38] Genesys's health states: past its wound or strain threshold a character is
// incapacitated; a minion group is, once its pool has put every member down. Defeat itself is the
// engine's default (incapacitated = out of the fight), so its NPC or PC slot is skipped (GEN-22, GEN-28).
import { defaultHealthState } from '../../core/health/math.js';
import type { Health } from '../../core/health/model.js';
import { membersDown } from '../../core/health/rules.js';
import type { EncounterState, UnitRef } from '../../core/model.js';
import { groupMembers } from '../../core/units.js';

export function healthState(state: EncounterState, target: UnitRef, health: Health): string {
  if (target.kind === 'group') {
    const members = groupMembers(state, target.id).length;
    if (members > 0 && membersDown(health, members) >= members) return 'incapacitated';
    return health.kind === 'wounds' && health.wounds === 0 && health.strain === 0 ? 'unhurt' : 'hurt';
  }
  const plain = defaultHealthState(health);
  return plain === 'down' ? 'incapacitated' : plain;
}
