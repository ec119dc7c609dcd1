// First-start seeding (docs/storage.md): permissions, levels, the three roles, and the admin user.
import { randomBytes } from 'node:crypto';
import { administratorRoleId, permissionLevels, permissionNames, type PermissionLevel, type PermissionName } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import { hashPassword } from '../password.js';
import type { Database } from './schema.js';

const permissionDescriptions: Record<PermissionName, string> = {
  Users: 'View and manage user accounts',
  Roles: 'View roles and their permissions',
  Logs: 'View and download the system logs',
  Probes: 'Manage probes: delete them, set assignments and thresholds, send reports',
  Alarms: 'Acknowledge alarms (WRITE) and shelve them (UPDATE)',
  Notifications: 'Notification channels, rules and the delivery log (docs/notifications.md)',
};

const seededRoles: Array<{
  name: string;
  description: string;
  isDefault: boolean;
  grants: Partial<Record<PermissionName, PermissionLevel>>;
}> = [
  {
    name: 'Administrator',
    description: 'Full access to users, roles, logs and probes',
    isDefault: false,
    grants: { Users: 'DELETE', Roles: 'DELETE', Logs: 'DELETE', Probes: 'DELETE', Alarms: 'DELETE', Notifications: 'DELETE' },
  },
  {
    name: 'Supervisor',
    description: 'Views roles and logs, and manages probes',
    isDefault: false,
    grants: { Roles: 'READ', Logs: 'READ', Probes: 'DELETE', Alarms: 'UPDATE', Notifications: 'READ' },
  },
  { name: 'Operator', description: 'Watches the live dashboard', isDefault: true, grants: {} },
];

export interface SeedResult {
  /** Set only when the admin password was generated: shown once in the start-up banner, never logged. */
  generatedAdminPassword?: string;
  seeded: boolean;
}

export async function seedDatabase(
  db: Kysely<Database>,
  adminPassword: string | undefined,
  passwordHashLog2N: number,
): Promise<SeedResult> {
  const existing = await db.selectFrom('permissions').select('id').limit(1).executeTakeFirst();
  if (existing) {
    await grantAdministratorEverything(db);
    return { seeded: false };
  }

  const password = adminPassword ?? randomBytes(15).toString('base64url');
  const passwordHash = await hashPassword(password, passwordHashLog2N);
  const now = new Date().toISOString();

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('permissions')
      .values(permissionNames.map((name, i) => ({ id: i + 1, name, description: permissionDescriptions[name] })))
      .execute();
    await trx
      .insertInto('permission_levels')
      .values(permissionLevels.map((name, i) => ({ id: i + 1, name })))
      .execute();
    let adminRoleId = 0;
    for (const role of seededRoles) {
      const { id } = await trx
        .insertInto('roles')
        .values({
          name: role.name,
          description: role.description,
          is_default: role.isDefault ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (role.name === 'Administrator') adminRoleId = id;
      const grants = Object.entries(role.grants) as Array<[PermissionName, PermissionLevel]>;
      if (grants.length > 0) {
        await trx
          .insertInto('role_permissions')
          .values(
            grants.map(([name, level]) => ({
              role_id: id,
              permission_id: permissionNames.indexOf(name) + 1,
              permission_level_id: permissionLevels.indexOf(level) + 1,
            })),
          )
          .execute();
      }
    }
    await trx
      .insertInto('users')
      .values({
        username: 'admin',
        username_key: 'admin',
        first_name: 'System',
        last_name: 'Administrator',
        email: 'admin@localhost.localdomain',
        password_hash: passwordHash,
        role_id: adminRoleId,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  return adminPassword ? { seeded: true } : { seeded: true, generatedAdminPassword: password };
}

/**
 * The built-in Administrator role holds every permission at DELETE (docs/role-editing.md): restored at each
 * start, for a database edited before the role became unchangeable and for permissions added since.
 */
async function grantAdministratorEverything(db: Kysely<Database>): Promise<void> {
  const role = await db.selectFrom('roles').select('id').where('id', '=', administratorRoleId).executeTakeFirst();
  if (!role) return;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('role_permissions').where('role_id', '=', administratorRoleId).execute();
    await trx
      .insertInto('role_permissions')
      .values(
        permissionNames.map((_name, i) => ({
          role_id: administratorRoleId,
          permission_id: i + 1,
          permission_level_id: permissionLevels.length,
        })),
      )
      .execute();
  });
}
