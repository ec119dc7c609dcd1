// /metrics answers Prometheus text to a signed-in caller, with the probe and live figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, withCookie, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = withCookie(await t.loginAsAdmin());
});
afterAll(async () => t.close());

describe('/metrics', () => {
  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
  });

  it('counts accepted and rejected reports and probes by state', async () => {
    const report = { probeID: 'M-1', readings: [], batteryPercentage: 5 };
    await t.app.inject({
      method: 'POST',
      url: '/api/probes/reports',
      headers: admin,
      payload: [report, { ...report, timestamp: '2000-01-01T00:00:00Z' }],
    });
    await t.app.inject({ method: 'POST', url: '/api/probes/reports', headers: admin, payload: [{ probeID: 'bad id' }] });
    const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: admin });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = answer.body;
    expect(text).toContain('bpm_reports_accepted_total 1\n');
    expect(text).toContain('bpm_reports_ignored_total 1\n');
    expect(text).toContain('bpm_report_batches_rejected_total 1\n');
    expect(text).toContain('bpm_probes{state="Critical"} 1\n');
    expect(text).toContain('bpm_live_sockets 0\n');
    expect(text).toMatch(/bpm_event_loop_lag_seconds\{quantile="0.99"\} [\d.e-]+\n/);
    expect(text).toContain('# TYPE bpm_live_flush_duration_seconds histogram');
    expect(text).toMatch(/^bpm_live_flush_probes_bucket\{le="\+Inf"\} \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
  });
});
