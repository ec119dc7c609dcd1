import { describe, expect, it } from 'vitest';
import { roleAllows } from './my-role';

const roleHolding = (level: string) => ({
  permissions_with_levels: [
    {
      permission_id: 5,
      permission_name: 'Alarms',
      permission_description: '',
      permission_level_id: 2,
      permission_level_name: level,
    },
  ],
});

describe('roleAllows', () => {
  it('a level implies the lower ones only: Alarms WRITE acknowledges but does not shelve', () => {
    expect(roleAllows(roleHolding('WRITE'), 'Alarms', 'WRITE')).toBe(true);
    expect(roleAllows(roleHolding('WRITE'), 'Alarms', 'UPDATE')).toBe(false);
    expect(roleAllows(roleHolding('READ'), 'Alarms', 'WRITE')).toBe(false);
    expect(roleAllows(roleHolding('DELETE'), 'Alarms', 'UPDATE')).toBe(true);
  });

  it('nothing is allowed without the permission or before the role is known', () => {
    expect(roleAllows(roleHolding('DELETE'), 'Logs', 'READ')).toBe(false);
    expect(roleAllows(undefined, 'Alarms', 'READ')).toBe(false);
  });
});
