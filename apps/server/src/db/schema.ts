// Row types of every table (kysely's `Database`). Rows stay on the server: `*.queries.ts` map them to protocol shapes.
import type { ColumnType, Generated } from 'kysely';

/** ISO 8601 text, e.g. 2026-11-23T09:15:00.000Z (portable between SQLite and PostgreSQL). */
type IsoTime = string;
/** 0 or 1: SQLite has no boolean type. */
type Flag = number;

export interface PermissionsTable {
  id: number;
  name: string;
  description: string;
}

export interface PermissionLevelsTable {
  /** READ 1, WRITE 2, UPDATE 3, DELETE 4: the id is the rank. */
  id: number;
  name: string;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  description: string;
  is_default: Flag;
  created_at: IsoTime;
  updated_at: IsoTime;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
  permission_level_id: number;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** username lower-cased: the unique key (usernames are unique ignoring case). */
  username_key: string;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  role_id: number;
  created_at: IsoTime;
  updated_at: IsoTime;
}

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 of the cookie token, hex; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  persistent: Flag;
  created_at: IsoTime;
  expires_at: IsoTime;
}

export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** SHA-256 of the token, hex. */
  token_hash: string;
  expiration_date: IsoTime;
  created_at: IsoTime;
  updated_at: IsoTime;
}

export interface LogsTable {
  /** Nanosecond epoch as 19 decimal digits: text so no driver rounds it; fixed width so text order is time order. */
  ts: string;
  level: string;
  msg: string;
}

export interface ProbesTable {
  probe_id: string;
  /** JSON of the engine's ProbeRecord (apps/server/src/engine/probe-record.ts). */
  record: string;
  updated_at: IsoTime;
}

/** One row (id 1): the thresholds of docs/data-model.md (System configuration). */
export interface SystemConfigTable {
  id: number;
  timeout_seconds: number;
  battery_level_warning: number;
  battery_level_panic: number;
  high_temperature_warning: number;
  high_temperature_panic: number;
  low_temperature_warning: number;
  low_temperature_panic: number;
  updated_at: IsoTime;
}

export interface Database {
  permissions: PermissionsTable;
  permission_levels: PermissionLevelsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  logs: LogsTable;
  probes: ProbesTable;
  system_config: SystemConfigTable;
}

export type { ColumnType };
