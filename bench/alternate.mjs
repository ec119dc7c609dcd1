#!/usr/bin/env node
// Runs one bench against several web builds in turn, alternating, so "before" and "after" share the same machine
// and the same minutes (docs/decisions/live-format.md (One path for a probe update)). Each build is a directory
// served through BPM_WEB_DIST; the label is what the output names it.
// Run: node bench/alternate.mjs <bench> <rounds> <label>=<dist dir> [<label>=<dist dir> …]
//   e.g. node bench/alternate.mjs dashboard 3 before=/tmp/pp-base-dist after=apps/web/dist
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const [bench, roundsText, ...builds] = process.argv.slice(2);
if (!bench || !roundsText || builds.length === 0) {
  console.error('usage: node bench/alternate.mjs <bench> <rounds> <label>=<dist dir> …');
  process.exit(2);
}
const rounds = Number(roundsText);
const targets = builds.map((b) => {
  const [label, dir] = b.split('=');
  return { label, dir: resolve(dir) };
});
/** The lines worth comparing: targets met or missed, the ingest rate the page received, the machine's load and share. */
const wanted = /^(PASS|MISS)|Dashboard benchmark:|Plant page benchmark:|document |from the Login|machine:|machine over|by CPU time|main-thread CPU|waited|first 3 s|plain DOM page/;
for (let round = 1; round <= rounds; round += 1) {
  for (const { label, dir } of round % 2 === 1 ? targets : [...targets].reverse()) {
    const load = loadavg().map((l) => l.toFixed(1)).join(' / ');
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, `${bench}.bench.ts`)], {
      cwd: join(here, '..'),
      env: { ...process.env, BPM_WEB_DIST: dir },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    console.log(`\n--- round ${round}, ${label} (${dir}), load before ${load} ---`);
    const lines = `${result.stdout}`.split('\n').filter((l) => wanted.test(l.trim()));
    console.log(lines.length > 0 ? lines.join('\n') : `${result.stdout}\n${result.stderr}`);
  }
}
