// The alarms API tests' app and fixtures (docs/alarms.md): one app per test file, signed in as Admin, a
// Supervisor and an Operator, and probe IDs prefixed per test so that tests share the app.
import type { Alarm, Probe, ProbeReportInput } from '@bpm/protocol';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestApp, withCookie, type TestApp } from '../../testing/test-app.js';

export const welding = {
  buildStage: { id: 3, name: 'Busbar welding' },
  agv: { id: 12, name: 'AGV-12' },
  batteryPack: { id: 2291, name: 'Pack 2291' },
  expectingCANData: true,
};
export const sealing = {
  buildStage: { id: 4, name: 'Pack sealing' },
  agv: { id: 7, name: 'AGV-7' },
  batteryPack: { id: 3001, name: 'Pack "3001", rev B' },
  expectingCANData: true,
};
export const report = (probeID: string, temperature: number, extra: Partial<ProbeReportInput> = {}): ProbeReportInput => ({
  probeID,
  firmwareVersion: '2.4.1',
  readings: [
    { origin: 'CAN', temperature, valid: true },
    { origin: 'Thermocouple', temperature: temperature - 1, valid: true },
  ],
  batteryPercentage: 80,
  batteryCharging: false,
  assignment: welding,
  ...extra,
});

export let t: TestApp;
export let admin: Record<string, string>;
export let supervisor: Record<string, string>;
export let operator: Record<string, string>;
export let prefix = '';
let testNumber = 0;

/** Registers the file's hooks: the app before its tests, closed after them, a new prefix for each test. */
export function useAlarmsApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    admin = withCookie(await t.loginAsAdmin());
    await t.createUser({ username: 'sam', password: 'supervisor-password', roleName: 'Supervisor' });
    await t.createUser({ username: 'olivia', password: 'operator-password', roleName: 'Operator' });
    supervisor = withCookie(await t.login('sam', 'supervisor-password'));
    operator = withCookie(await t.login('olivia', 'operator-password'));
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    prefix = `A${++testNumber}-`;
  });
}

export const id = (name: string) => `${prefix}${name}`;
export const send = (reports: ProbeReportInput[]) =>
  t.app.inject({ method: 'POST', url: '/api/probes/reports', headers: admin, payload: reports });
export const get = <T>(url: string, headers = admin) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers }).then((r) => ({ status: r.statusCode, body: r.json<T>(), raw: r }));
export const post = (url: string, payload: object | undefined, headers = admin) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
export const alarmsOf = async (query = '') =>
  (await get<Alarm[]>(`/alarms?probeID=${encodeURIComponent(id('P-1'))}${query}`)).body;
export const probe = async (name: string) => (await get<Probe[]>('/probes')).body.find((p) => p.probeID === id(name))!;
