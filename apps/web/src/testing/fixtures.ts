// Test data shaped like the API's answers, built from the protocol types.
import type { Alarm, PermissionLevel, Role } from '@bpm/protocol';

/** A role holding each named permission at `level`, as GET /roles/@me answers it. */
export function roleWithPermissions(names: string[], level: PermissionLevel = 'READ', name = 'Some role'): Role {
  const levelId = { READ: 1, WRITE: 2, UPDATE: 3, DELETE: 4 }[level];
  return {
    id: 3,
    name,
    description: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    is_default: false,
    permissions_with_levels: names.map((permission, index) => ({
      permission_id: index + 1,
      permission_name: permission,
      permission_description: '',
      permission_level_id: levelId,
      permission_level_name: level,
    })),
  };
}

/** An open, unacknowledged Critical alarm on probe P-{id}; `patch` changes any field. */
export const alarmFixture = (id: number, patch: Partial<Alarm> = {}): Alarm => ({
  id,
  probeID: `P-${id}`,
  event: 11,
  eventType: 'Critical',
  raisedAt: '2026-11-23T10:00:00.000Z',
  raisedMessage: 'Internal temperature 60 °C above alarm 55 °C',
  lastMessage: 'Internal temperature 60 °C above alarm 55 °C',
  peak: 60,
  assignment: null,
  suppressed: false,
  annunciated: true,
  clearedAt: null,
  acknowledgedAt: null,
  acknowledgedBy: null,
  ackComment: null,
  shelvedUntil: null,
  shelvedBy: null,
  shelveReason: null,
  state: 'unacknowledged',
  ...patch,
});
