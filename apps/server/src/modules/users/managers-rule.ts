// The last-manager rule (docs/role-editing.md "Safety rules"): no change to a user or a role may leave
// nobody holding Users UPDATE or nobody holding Roles UPDATE. Check and change are one serial step.
import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { ConflictError } from '../../errors.js';
import { rolesHolding } from '../roles/roles.service.js';
import { listUsersWithRoles } from './users.queries.js';

/** PostgreSQL advisory lock key of changes to who manages users and roles: "BPM" + 4 (db/migrate.ts has + 1). */
const managersLockKey = 0x42504d04;

export type ManagingPermission = 'Users' | 'Roles';

async function nobodyHolds(db: Kysely<Database>, permission: ManagingPermission): Promise<boolean> {
  return (await listUsersWithRoles(db, await rolesHolding(db, permission, 'UPDATE'))).length === 0;
}

/**
 * Runs `change` in a transaction and keeps it only if someone still holds Users and Roles at UPDATE, else
 * 409 `refusal(lost)` and nothing is kept. On PostgreSQL (read committed) two such changes could each
 * check before the other commits, so every one first takes one transaction lock; SQLite runs one
 * transaction at a time on its single connection already.
 */
export function changeKeepingManagers<T>(
  db: Kysely<Database>,
  refusal: (lost: ManagingPermission) => string,
  change: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${managersLockKey})`.execute(trx);
    const result = await change(trx);
    for (const permission of ['Users', 'Roles'] as const) {
      if (await nobodyHolds(trx, permission)) throw new ConflictError(refusal(permission));
    }
    return result;
  });
}

export const nobodyLeftToManage = 'This change would leave nobody able to manage users and roles';
