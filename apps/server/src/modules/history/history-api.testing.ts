// The history API tests' app (docs/history.md): one app per test file with an injected history clock that
// tests move (`at`), signed in as Admin and as an Operator, and reports at a place (stage, AGV, pack).
import type { AssignmentInput, ProbeReportInput } from '@bpm/protocol';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, withCookie, type TestApp } from '../../testing/test-app.js';

export const t0 = Date.UTC(2026, 10, 22, 10, 0, 0);
let now = t0;
let stepPerRead = 0;
const readClock = () => {
  const value = now;
  now += stepPerRead;
  return value;
};
export const at = (minute: number, second = 0) => {
  now = t0 + minute * 60_000 + second * 1000;
};

export const placeOf = (stage: number, agv: number, pack: number | null): AssignmentInput | null =>
  pack === null
    ? null
    : {
        buildStage: { id: stage, name: ['', 'Cell stacking', 'Module assembly', 'Busbar welding'][stage]! },
        agv: { id: agv, name: `AGV-${agv}` },
        batteryPack: { id: pack, name: `Pack ${pack}` },
      };
export const report = (
  probeID: string,
  internal: number | null,
  external: number,
  extra: Partial<ProbeReportInput> = {},
): ProbeReportInput => ({
  probeID,
  readings: [
    ...(internal === null ? [] : [{ origin: 'CAN' as const, temperature: internal, valid: true }]),
    { origin: 'Thermocouple', temperature: external, valid: true },
  ],
  batteryPercentage: 80,
  ...extra,
});

/** Every read of the history clock moves it on by `ms` (a clock that moves while a batch is handled); 0 to stop. */
export function setClockStep(ms: number): void {
  stepPerRead = ms;
}

export let t: TestApp;
export let admin: Record<string, string>;
export let operator: Record<string, string>;

/** Registers the file's hooks: the app before its tests, closed after them. */
export function useHistoryApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ history: { maxAgeDays: 30, clock: readClock } });
    admin = withCookie(await t.loginAsAdmin());
    await t.createUser({ username: 'olivia', password: 'operator-password', roleName: 'Operator' });
    operator = withCookie(await t.login('olivia', 'operator-password'));
  });
  afterAll(async () => t.close());
}

export const post = async (body: ProbeReportInput | ProbeReportInput[]) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/probes/reports', headers: admin, payload: body as object });
  expect(response.statusCode).toBe(202);
};
export const get = (url: string, headers: Record<string, string> = operator) => t.app.inject({ method: 'GET', url, headers });
export const iso = (minute: number, second = 0) => new Date(t0 + minute * 60_000 + second * 1000).toISOString();
