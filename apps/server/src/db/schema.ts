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
  /** Where the identity lives (docs/sso.md): an SSO account has no usable password_hash (''). */
  source: ColumnType<'local' | 'sso', 'local' | 'sso' | undefined, 'local' | 'sso'>;
  /** The IdP's `sub` of an SSO account; null for local ones. */
  sso_subject: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A single sign-on under way (docs/sso.md (How it works)): deleted when its callback arrives or when expired. */
export interface OidcLoginsTable {
  state: string;
  nonce: string;
  code_verifier: string;
  expires_at: IsoTime;
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

/** One row (id 1): when the engine was last known to be monitoring (docs/alarms.md "System alarm"). */
export interface MonitoringTable {
  id: number;
  monitored_at: IsoTime;
}

export interface AuditLogTable {
  id: Generated<number>;
  ts: IsoTime;
  actor_id: number | null;
  actor_username: string | null;
  via: string | null;
  address: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** JSON: field → {before, after}. */
  changes: string | null;
}

/** The probe's assignment at the moment, flattened (null ids and names when none). */
interface AssignmentColumns {
  stage_id: number | null;
  stage_name: string | null;
  agv_id: number | null;
  agv_name: string | null;
  pack_id: number | null;
  pack_name: string | null;
}

/** docs/alarms.md: every event a probe update raised. */
export interface JournalTable extends AssignmentColumns {
  id: Generated<number>;
  ts: IsoTime;
  probe_id: string;
  event: number;
  event_type: string;
  event_string: string;
  suppressed: Flag;
  alarm_id: number | null;
}

/** docs/alarms.md: one episode of a persistent event on one probe. */
export interface AlarmsTable extends AssignmentColumns {
  id: number;
  probe_id: string;
  event: number;
  event_type: string;
  raised_at: IsoTime;
  raised_message: string;
  last_message: string;
  peak: number | null;
  suppressed: Flag;
  annunciated: Flag;
  open: Flag;
  cleared_at: IsoTime | null;
  acknowledged_at: IsoTime | null;
  acknowledged_by_id: number | null;
  acknowledged_by_name: string | null;
  ack_comment: string | null;
  ack_delay_ms: number | null;
  shelved_until: IsoTime | null;
  shelved_by_id: number | null;
  shelved_by_name: string | null;
  shelve_reason: string | null;
}

/**
 * docs/alarms.md "Summary roll-up": the annunciated alarms raised per 10-minute window (first 15 characters of
 * raised_at), event and type, and the ones raised that were never annunciated.
 */
export interface AlarmWindowsTable {
  ten_minutes: string;
  event: number;
  event_type: string;
  /** Annunciated alarms (`alarms.annunciated` = 1) only, since 0011-alarm-rollup-annunciated. */
  raised: number;
  /** Of those, the ones with an acknowledgement delay, and the sum of their delays (ms). */
  acknowledged: number;
  ack_delay_ms_sum: number;
  /** The alarms raised that were never annunciated (0011-alarm-rollup-annunciated). */
  not_annunciated: number;
}

/** docs/alarms.md "Summary roll-up": the annunciated alarms raised per hour (first 13 characters of raised_at) and stage. */
export interface AlarmStageHoursTable {
  hour: string;
  stage_id: number;
  stage_name: string;
  raised: number;
}

export interface Database {
  permissions: PermissionsTable;
  permission_levels: PermissionLevelsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  oidc_logins: OidcLoginsTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  logs: LogsTable;
  probes: ProbesTable;
  system_config: SystemConfigTable;
  monitoring: MonitoringTable;
  audit_log: AuditLogTable;
  history_probes: HistoryProbesTable;
  history_minutes: HistoryMinutesTable;
  history_carriages: HistoryCarriagesTable;
  history_names: HistoryNamesTable;
  history_hours: HistoryHoursTable;
  history_rollup: HistoryRollupTable;
  journal: JournalTable;
  alarms: AlarmsTable;
  alarm_windows: AlarmWindowsTable;
  alarm_stage_hours: AlarmStageHoursTable;
  notification_channels: NotificationChannelsTable;
  notification_rules: NotificationRulesTable;
  notifications: NotificationsTable;
  notification_alarms: NotificationAlarmsTable;
  notification_escalations: NotificationEscalationsTable;
  floor_plan: FloorPlanTable;
}

// Telemetry history (migration 0004-history, docs/history.md).
export interface HistoryProbesTable {
  probe_key: Generated<number>;
  probe_id: string;
}

export interface HistoryMinutesTable {
  probe_key: number;
  /** Minutes since 2020-01-01T00:00Z. */
  minute: number;
  reports: number;
  /** Hundredths of a degree Celsius; null when the minute had no valid reading of that kind. */
  in_min: number | null;
  in_max: number | null;
  in_mean: number | null;
  in_n: number;
  ex_min: number | null;
  ex_max: number | null;
  ex_mean: number | null;
  ex_n: number;
  /** Tenths of a percent. */
  battery: number | null;
}

export interface HistoryCarriagesTable {
  probe_key: number;
  from_minute: number;
  pack_id: number | null;
  stage_id: number | null;
  agv_id: number | null;
}

export interface HistoryNamesTable {
  /** 1 build stage, 2 AGV, 3 battery pack. */
  kind: number;
  id: number;
  name: string;
  last_minute: number;
}

// Hourly roll-ups of the minutes (migration 0007-history-hours, docs/history.md "Hourly roll-up").
export interface HistoryHoursTable {
  probe_key: number;
  /** Hours since 2020-01-01T00:00Z. */
  hour: number;
  last_minute: number;
  reports: number;
  in_min: number | null;
  in_max: number | null;
  /** Sum of mean × readings over the hour's minutes. */
  in_w: number | null;
  in_n: number;
  ex_min: number | null;
  ex_max: number | null;
  ex_w: number | null;
  ex_n: number;
  /** The hour's last battery: its minute × 2048 + tenths of a percent. */
  battery_code: number | null;
}

export interface HistoryRollupTable {
  /** Always 1: one row. */
  id: number;
  /** Every hour before this one is rolled up for every probe. */
  until_hour: number;
}

// Notifications (migration 0013-notifications, docs/notifications.md).
export interface NotificationChannelsTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  type: string;
  enabled: Flag;
  /** JSON of the channel's settings, without the secret. */
  settings: string;
  secret: string | null;
  created_at: IsoTime;
  updated_at: IsoTime;
}

export interface NotificationRulesTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  enabled: Flag;
  /** JSON of {match, steps, repeatMinutes, notifyCleared, groupSeconds}. */
  definition: string;
  created_at: IsoTime;
  updated_at: IsoTime;
}

/** The outbox: one message to one channel. */
export interface NotificationsTable {
  id: Generated<number>;
  kind: string;
  rule_id: number | null;
  step: number | null;
  repeat: number;
  channel_id: number;
  alarm_count: number;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: IsoTime;
  next_attempt_at: IsoTime | null;
  sent_at: IsoTime | null;
}

export interface NotificationAlarmsTable {
  notification_id: number;
  alarm_id: number;
}

export interface NotificationEscalationsTable {
  alarm_id: number;
  rule_id: number;
  started_at: IsoTime;
  next_step: number;
  repeats: number;
  next_at: IsoTime | null;
  /** JSON array of channel ids. */
  notified: string;
}

// The plant's floor plan (migration 0015-floor-plan, docs/plant.md): one row, id 1, or none.
export interface FloorPlanTable {
  id: number;
  media_type: string;
  image_base64: string;
  top_left_latitude: number;
  top_left_longitude: number;
  bottom_right_latitude: number;
  bottom_right_longitude: number;
  updated_at: IsoTime;
}

export type { ColumnType };
