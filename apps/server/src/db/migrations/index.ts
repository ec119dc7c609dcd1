// Every migration, in order, listed by hand (frozen files; names sort in the order they run).
import type { Migration } from 'kysely/migration';
import { initial } from './0001-initial.js';
import { probes } from './0002-probes.js';
import { alarms } from './0003-alarms.js';
import { history } from './0004-history.js';
import { audit } from './0005-audit.js';
import { logsSearch } from './0006-logs-search.js';
import { historyHours } from './0007-history-hours.js';
import { alarmRollup } from './0008-alarm-rollup.js';
import { logsSearchPostgres } from './0009-logs-search-postgres.js';
import { logsSearchBlocks } from './0010-logs-search-blocks.js';
import { alarmRollupAnnunciated } from './0011-alarm-rollup-annunciated.js';
import { monitoring } from './0012-monitoring.js';
import { notifications } from './0013-notifications.js';
import { sso } from './0014-sso.js';
import { floorPlan } from './0015-floor-plan.js';

export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-probes': probes,
  '0003-alarms': alarms,
  '0004-history': history,
  '0005-audit': audit,
  '0006-logs-search': logsSearch,
  '0007-history-hours': historyHours,
  '0008-alarm-rollup': alarmRollup,
  '0009-logs-search-postgres': logsSearchPostgres,
  '0010-logs-search-blocks': logsSearchBlocks,
  '0011-alarm-rollup-annunciated': alarmRollupAnnunciated,
  '0012-monitoring': monitoring,
  '0013-notifications': notifications,
  '0014-sso': sso,
  '0015-floor-plan': floorPlan,
};
