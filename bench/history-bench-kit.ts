// Shared by the history bench: printing, the longest event-loop task, and the in-process app it measures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { mainThreadCpuUs } from './thread-cpu';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
// The decorations (app.db, app.historyService) as their plugins declare them.
import type {} from '../apps/server/src/modules/history/history.plugin';
import type {} from '../apps/server/src/plugins/db';

export const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const line = (name: string, value: string, target: string, ok: boolean) =>
  console.log(`${name.padEnd(58)} ${value.padStart(12)}   target ${target.padEnd(9)} ${ok ? 'ok' : 'MISSED'}`);
export const t0 = Date.UTC(2026, 10, 1, 0, 0, 0);

/**
 * The longest task the event loop ran while `work` ran: the most CPU time the main thread used between two 1 ms timer
 * ticks (CPU, not wall time: on a busy machine the process also waits to be scheduled). The main thread's own clock
 * (thread-cpu.ts), not the process's: a tick during which the database's checkpoint worker or V8's background threads
 * ran counted their CPU to the task (an hour's roll-up read 24.9 ms of CPU in 13.8 ms of wall time). That clock moves
 * in 4 ms scheduler ticks, so a figure is within 4 ms of the task's CPU.
 */
export async function longestTask(work: () => Promise<void>): Promise<{ cpu: number; wall: number }> {
  let last = performance.now();
  let lastCpuUs = mainThreadCpuUs();
  let cpu = 0;
  let wall = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    const cpuUs = mainThreadCpuUs();
    cpu = Math.max(cpu, (cpuUs - lastCpuUs) / 1000 - 1);
    wall = Math.max(wall, now - last - 1);
    last = now;
    lastCpuUs = cpuUs;
  }, 1);
  await work();
  await new Promise((resolve) => setTimeout(resolve, 5));
  clearInterval(ticker);
  return { cpu, wall };
}

export async function countMinutes(app: FastifyInstance): Promise<number> {
  const row = await app.db
    .selectFrom('history_minutes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function signIn(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'admin', password: 'bench-password', rememberMe: false },
  });
  return response.headers['set-cookie']!.toString().split(';')[0]!;
}

export async function openApp(clock: () => number, keptDataDir?: string) {
  const dataDir = keptDataDir ?? mkdtempSync(join(tmpdir(), 'bpm-bench-history-'));
  const app = await buildApp({
    ...loadConfig({}),
    dataDir,
    host: '127.0.0.1',
    port: 0,
    simulator: false,
    logConsole: false,
    webDistDir: join(dataDir, 'none'),
    adminPassword: 'bench-password',
    passwordHashLog2N: 12,
    history: { maxAgeDays: 30, clock },
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (keptDataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function timedGet(app: FastifyInstance, cookie: string, url: string, runs = 5) {
  const times: number[] = [];
  let body = '';
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    times.push(performance.now() - start);
    body = response.body;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${body}`);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)]!, body };
}
