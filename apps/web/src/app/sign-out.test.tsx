// A 401 from any query factory or mutation hook ends the session: the tab forgets the user and the app
// goes to /login (docs/decisions/web-frame.md#401-signs-out). Table-driven over every feature's api/ folder, so a new
// query or mutation that bypasses apiRequest, or swallows its error, fails here.
import type { UseMutationResult } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountQueries } from '../features/account/api/account-api';
import { useChangeOwnPassword } from '../features/account/api/use-change-own-password';
import { useLogOut } from '../features/account/api/use-log-out';
import { useUpdateCurrentUser } from '../features/account/api/use-update-current-user';
import { alarmQueries } from '../features/alarms/api/alarm-queries';
import { useAcknowledgeAlarm, useAcknowledgeAlarms } from '../lib/alarm-acknowledge';
import { notifiedQueries } from '../features/alarms/api/notified-api';
import { useShelveAlarm } from '../features/alarms/api/use-shelve-alarm';
import { useUnshelveAlarm } from '../features/alarms/api/use-unshelve-alarm';
import { useLogIn } from '../features/auth/api/use-log-in';
import { historyQueries } from '../features/dashboard/api/get-probe-history';
import { floorPlanQueries, useDeleteFloorPlan, usePutFloorPlan } from '../features/dashboard/api/floor-plan-api';
import { probeAlarmQueries } from '../features/dashboard/api/probe-alarm-queries';
import { useDeleteProbe } from '../features/dashboard/api/use-delete-probe';
import { keyQueries } from '../features/keys/api/keys-api';
import { useCreateKey } from '../features/keys/api/use-create-key';
import { useDeleteKey } from '../features/keys/api/use-delete-key';
import { logQueries } from '../features/logs/api/logs-api';
import { useDownloadLogs } from '../features/logs/api/use-download-logs';
import { roleEditingQueries } from '../features/roles/api/role-editing-api';
import { useCreateRole } from '../features/roles/api/use-create-role';
import { useDeleteRole } from '../features/roles/api/use-delete-role';
import { useSetDefaultRole } from '../features/roles/api/use-set-default-role';
import { useUpdateRole } from '../features/roles/api/use-update-role';
import {
  notificationQueries,
  useDeleteChannel,
  useDeleteRule,
  useSaveChannel,
  useSaveRule,
  useTestChannel,
} from '../features/notifications/api/notifications-api';
import { packQueries } from '../features/packs/api/packs-api';
import { useChangeUserPassword } from '../features/users/api/use-change-user-password';
import { useCreateUser } from '../features/users/api/use-create-user';
import { useDeleteUser } from '../features/users/api/use-delete-user';
import { useModifyUser } from '../features/users/api/use-modify-user';
import { userQueries } from '../features/users/api/users-api';
import { apiFile } from '../lib/api-client';
import { useDownloadFile } from '../lib/download-file';
import { roleQueries } from '../lib/roles-query';
import { writePermissionCache } from '../session/permission-cache';
import { clearPermissionNames, getPermissionNames, loadPermissionNames } from '../session/permission-store';
import { json, stubFetch } from '../testing/fetch-routes';
import { renderWithProviders } from '../testing/render';

type AnyMutation = UseMutationResult<unknown, Error, never>;
type Run =
  | { kind: 'query'; options: { queryKey: readonly unknown[]; queryFn?: unknown } }
  | { kind: 'mutation'; use: () => AnyMutation; variables: unknown };

const query = (options: { queryKey: readonly unknown[] }): Run => ({ kind: 'query', options });
const mutation = <V,>(use: () => UseMutationResult<unknown, Error, V>, variables: V): Run => ({
  kind: 'mutation',
  use: use as unknown as () => AnyMutation,
  variables,
});

const userFields = { username: 'ada', firstName: 'Ada', lastName: 'L', email: 'ada@plant.test', roleId: 2 };

const signingOut: [string, Run][] = [
  ['accountQueries.currentUser', query(accountQueries.currentUser())],
  ['userQueries.list', query(userQueries.list())],
  ['roleQueries.list', query(roleQueries.list())],
  ['keyQueries.list', query(keyQueries.list())],
  ['logQueries.page', query(logQueries.page({ offset: 0, limit: 200, q: '' }))],
  ['historyQueries.probe', query(historyQueries.probe('P-1', { from: '2026-11-22T10:00:00Z', to: '2026-11-22T11:00:00Z' }))],
  ['packQueries.search', query(packQueries.search('22'))],
  ['packQueries.history', query(packQueries.history(2291))],
  ['packQueries.carriage', query(packQueries.carriage('P-1', '2026-11-22T10:00:00Z', '2026-11-22T10:05:00Z'))],
  ['useUpdateCurrentUser', mutation(useUpdateCurrentUser, { firstName: 'Ada', lastName: 'L', email: 'ada@plant.test' })],
  ['useLogOut', mutation(useLogOut, undefined)],
  ['useCreateUser', mutation(useCreateUser, { ...userFields, password: 'Secret-password-1' })],
  ['useModifyUser', mutation(useModifyUser, { userId: 7, payload: userFields })],
  ['useChangeUserPassword', mutation(useChangeUserPassword, { userId: 7, newPassword: 'Secret-password-2' })],
  ['useDeleteUser', mutation(useDeleteUser, 7)],
  ['useCreateKey', mutation(useCreateKey, { name: 'gateway', expirationDate: '2099-01-01T00:00:00.000Z' })],
  ['useDeleteKey', mutation(useDeleteKey, 3)],
  ['useDeleteProbe', mutation(useDeleteProbe, 'P-1')],
  ['useDownloadLogs', mutation(useDownloadLogs, undefined)],
  ['logQueries.audit', query(logQueries.audit({ actor: '', action: '', target: '', from: '', to: '' }))],
  ['roleEditingQueries.me', query(roleEditingQueries.me())],
  ['useCreateRole', mutation(useCreateRole, { name: 'Readers', permissions: [{ name: 'Logs', level: 'READ' }] })],
  ['useUpdateRole', mutation(useUpdateRole, { roleId: 4, input: { name: 'Readers' } })],
  ['useDeleteRole', mutation(useDeleteRole, 4)],
  ['useSetDefaultRole', mutation(useSetDefaultRole, 4)],
  ['alarmQueries.history', query(alarmQueries.history({}))],
  ['alarmQueries.summary', query(alarmQueries.summary({}))],
  ['probeAlarmQueries.history', query(probeAlarmQueries.history('P-1'))],
  [
    'probeAlarmQueries.raisedIn',
    query(probeAlarmQueries.raisedIn('P-1', { from: '2026-11-22T10:00:00Z', to: '2026-11-22T11:00:00Z' })),
  ],
  ['useAcknowledgeAlarm', mutation(useAcknowledgeAlarm, { id: 1 })],
  ['useAcknowledgeAlarms', mutation(useAcknowledgeAlarms, { ids: [1] })],
  ['useShelveAlarm', mutation(useShelveAlarm, { id: 1, minutes: 5, reason: 'swap' })],
  ['useUnshelveAlarm', mutation(useUnshelveAlarm, 1)],
  ['useDownloadFile', mutation(useDownloadFile, () => apiFile('/alarms.csv?probeID=P-1'))],
  ['notifiedQueries.byAlarm', query(notifiedQueries.byAlarm())],
  ['notificationQueries.channels', query(notificationQueries.channels())],
  ['notificationQueries.rules', query(notificationQueries.rules())],
  ['notificationQueries.deliveries', query(notificationQueries.deliveries(null))],
  ['notificationQueries.users', query(notificationQueries.users())],
  [
    'useSaveChannel',
    mutation(useSaveChannel, { body: { name: 'Shift lead', type: 'email', settings: { to: ['a@plant.test'] } } }),
  ],
  ['useDeleteChannel', mutation(useDeleteChannel, 1)],
  ['useTestChannel', mutation(useTestChannel, 1)],
  [
    'useSaveRule',
    mutation(useSaveRule, {
      id: 1,
      body: { name: 'Night', match: { eventTypes: ['Critical'] }, steps: [{ afterMinutes: 0, channelIds: [1] }] },
    }),
  ],
  ['useDeleteRule', mutation(useDeleteRule, 1)],
  ['floorPlanQueries.plan', query(floorPlanQueries.plan())],
  [
    'usePutFloorPlan',
    mutation(usePutFloorPlan, {
      image: 'data:image/png;base64,iVBORw0KGgo=',
      topLeft: { latitude: 1, longitude: 1 },
      bottomRight: { latitude: 0, longitude: 2 },
    }),
  ],
  ['useDeleteFloorPlan', mutation(useDeleteFloorPlan, undefined)],
];

// Their 401 is an answer the form shows ("Invalid username or password.", "Current password is incorrect.").
const answering: [string, Run][] = [
  ['useLogIn', mutation(useLogIn, { username: 'ada', password: 'wrong', rememberMe: false })],
  ['useChangeOwnPassword', mutation(useChangeOwnPassword, { currentPassword: 'wrong', newPassword: 'Secret-password-2' })],
];

function Runner({ run, onSettled }: { run: Run; onSettled: () => void }) {
  const queryClient = useQueryClient();
  const started = run.kind === 'mutation' ? run.use() : null;
  useEffect(() => {
    if (run.kind === 'query') void queryClient.fetchQuery(run.options as never).catch(onSettled);
    else started?.mutate(run.variables as never, { onSettled });
    // Runs once: the request under test.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

/** A signed-in tab (permission names in memory, the "user" cache) runs `run` against a server answering 401. */
async function runSignedIn(run: Run) {
  writePermissionCache(['Users']);
  await loadPermissionNames();
  sessionStorage.setItem('user', '{"firstName":"Ada"}');
  stubFetch({}, json({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' }, 401));
  const settled = vi.fn();
  const { router } = renderWithProviders(<Runner run={run} onSettled={settled} />, { route: '/users', isSigningOutOn401: true });
  await waitFor(() => expect(settled).toHaveBeenCalled());
  return router;
}

beforeEach(() => {
  // useDeleteKey and the download log their failures.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearPermissionNames();
});

describe('a 401 signs the user out', () => {
  it('the tables name every query factory and mutation hook', () => {
    const named = [...signingOut, ...answering].map(([name]) => name).sort();
    const factories = import.meta.glob<Record<string, object>>(
      ['../features/*/api/*.ts', '../lib/*-query.ts', '../lib/download-file.ts', '../lib/alarm-acknowledge.ts', '!**/*.test.ts'],
      {
        eager: true,
      },
    );
    const found = Object.values(factories).flatMap((module) =>
      Object.entries(module).flatMap(([name, value]) =>
        name.endsWith('Queries')
          ? Object.keys(value)
              .filter((key) => key !== 'all')
              .map((key) => `${name}.${key}`)
          : /^use[A-Z]/.test(name)
            ? [name]
            : [],
      ),
    );
    expect(found.sort()).toEqual(named);
  });

  it.each(signingOut)('%s', async (_, run) => {
    const router = await runSignedIn(run);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem('user')).toBeNull();
    expect(getPermissionNames()).toEqual([]);
  });

  it.each(answering)('%s keeps the session: its 401 is an answer for the form', async (_, run) => {
    const router = await runSignedIn(run);
    expect(router.state.location.pathname).toBe('/users');
    expect(sessionStorage.getItem('user')).not.toBeNull();
    expect(getPermissionNames()).toEqual(['Users']);
  });
});
