#!/usr/bin/env node
// Measures what a change of Node.js alone does to the bench figures: runs the bench scripts of one checkout
// under two Node binaries in one run, alternating them per bench (the first runtime swaps every round, so
// neither always runs on a machine warmed or loaded by the other), and prints each figure on both, the
// change and the target beside it (docs/deployment.md (Node 20 → 24)).
//   node bench/node-compare.mjs --checkout /tmp/n20 --node20 /usr/bin/node --node24 node_modules/.bin/node \
//     [--rounds 2] [--out results.json] [--from results.json] [server probes-loop …]
// better-sqlite3 is native: its binary is built once per runtime ABI (node-gyp against that runtime's headers,
// <prefix>/include/node) into node_modules/.bpm-addons/<abi>/ and copied into build/Release before each run.
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

function parseArgs(argv) {
  const options = { rounds: 2, benches: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (!arg.startsWith('--')) options.benches.push(arg);
    else options[arg.slice(2)] = argv[(i += 1)];
  }
  options.rounds = Number(options.rounds);
  return options;
}

const uptime = () => spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();
const versionOf = (exe) =>
  spawnSync(exe, ['-p', 'process.version + " " + process.versions.modules'], { encoding: 'utf8' }).stdout.trim().split(' ');

/** The checkout's better-sqlite3 built for this runtime's ABI, kept apart so runs can swap it in. */
function addonFor(checkout, runtime) {
  const pkg = join(checkout, 'node_modules', 'better-sqlite3');
  if (!existsSync(pkg)) return undefined;
  const kept = join(checkout, 'node_modules', '.bpm-addons', runtime.abi, 'better_sqlite3.node');
  const active = join(pkg, 'build', 'Release', 'better_sqlite3.node');
  const loads = () =>
    spawnSync(runtime.exe, ['-e', "require('better-sqlite3')(':memory:').close()"], { cwd: checkout }).status === 0;
  if (!existsSync(kept)) {
    if (!(existsSync(active) && loads())) {
      const prefix = dirname(dirname(runtime.exe));
      if (!existsSync(join(prefix, 'include', 'node', 'node_version.h')))
        throw new Error(`no Node headers under ${prefix}/include/node`);
      const nodeGyp = spawnSync('npm', ['config', 'get', 'node-gyp'], { encoding: 'utf8' }).stdout.trim();
      console.log(
        `[compare] building better-sqlite3 for Node ${runtime.version} (ABI ${runtime.abi}) against ${prefix}/include/node…`,
      );
      const env = { ...process.env, npm_config_nodedir: prefix, PATH: `${runtime.bin}:${process.env.PATH}` };
      const build = spawnSync(runtime.exe, [nodeGyp, 'rebuild', '--release'], { cwd: pkg, env, stdio: 'inherit' });
      if (build.status !== 0 || !loads()) throw new Error(`better-sqlite3 did not build for Node ${runtime.version}`);
    }
    mkdirSync(dirname(kept), { recursive: true });
    copyFileSync(active, kept);
  }
  return { kept, active, loads };
}

/** One bench script on one runtime, niced; its output echoed and returned. */
function runBench(checkout, runtime, script) {
  return new Promise((done) => {
    const env = { ...process.env, PATH: `${runtime.bin}:${process.env.PATH}` };
    const child = spawn('nice', ['-n', '10', runtime.exe, '--import', 'tsx', join('bench', script)], { cwd: checkout, env });
    let output = '';
    const take = (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code, signal) => done({ output, status: code ?? signal }));
  });
}

const NUMBER = /(?<![\w.,])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])|(?<![\w.,])-?\d+(?:\.\d+)?(?![\w.]\d)/g;
const VERDICT = /:?\s*\b(MISSED by [^;)]*|MISSED|met|PASS|MISS|ok)\b(?=[\s;:)]|$)/g;
const TARGET = /target[^;)]*/i;

/**
 * The figures of one bench output: every number on a line that names a target or a CPU cost, keyed by the
 * line with its numbers and verdicts taken out (the same line of another run has the same key) and its place.
 */
export function figuresOf(output) {
  const figures = new Map();
  const seen = new Map();
  for (const raw of output.split('\n')) {
    const line = raw.trimEnd();
    // Not the per-block breakdowns (bench/loop-blocks.ts): each run's blocks differ, they are no figure to compare.
    if (!/target|CPU|heap/i.test(line) || /on a CPU|^\s*\[/.test(line)) continue;
    const bare = line.replace(/\s*—\s*MISSED by .*$/, '').replace(VERDICT, '');
    // Padding differs with the numbers' widths: runs of spaces count as one.
    const template = bare.replace(NUMBER, '#').replace(/\s+/g, ' ').trim();
    const n = (seen.get(template) ?? 0) + 1;
    seen.set(template, n);
    const targetAt = bare.search(TARGET);
    const closeAt = targetAt < 0 ? -1 : bare.indexOf(')', targetAt);
    const matches = [...bare.matchAll(NUMBER)];
    let previousEnd = 0;
    let index = 0;
    for (const match of matches) {
      const before = bare.slice(previousEnd, match.index).replace(/[\s(]+$/, '');
      const unit = /^\s*([^\s\d,;()]+)/.exec(bare.slice(match.index + match[0].length))?.[1] ?? '';
      // The target's own numbers: right after "target", or after ≤/≥ inside its parentheses.
      const inTarget =
        (targetAt >= 0 &&
          match.index > targetAt &&
          (closeAt < 0 || match.index < closeAt) &&
          (!bare.slice(targetAt, match.index).includes(';') || /[≤≥<>]\s*$/.test(bare.slice(0, match.index)))) ||
        /target\s*(p\d+\s*)?[≤≥<>]\s*$/i.test(bare.slice(0, match.index));
      figures.set(`${template}#${n}#${index}`, {
        line: template,
        label: `${before.slice(-48).trim()} [${unit}]`,
        value: Number(match[0].replace(/,/g, '')),
        inTarget,
        target: TARGET.exec(line)?.[0].trim() ?? '',
      });
      previousEnd = match.index + match[0].length;
      index += 1;
    }
  }
  return figures;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const fmt = (value) => (Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en') : String(Number(value.toPrecision(3))));

/** A table per bench: each figure that changed between runs (or stands right before its target), both runtimes. */
export function compare(results, names) {
  const lines = [];
  for (const script of [...new Set(results.map((r) => r.script))]) {
    const runs = results.filter((r) => r.script === script);
    const parsed = runs.map((r) => ({ runtime: r.runtime, figures: figuresOf(r.output) }));
    const keys = [...new Set(parsed.flatMap((p) => [...p.figures.keys()]))];
    lines.push('', `## ${script}  (runs: ${runs.map((r) => `${names[r.runtime]} exit ${r.status}`).join(', ')})`);
    lines.push('| figure | Node 20 | Node 24 | change | target |', '|---|---|---|---|---|');
    let lastLine = '';
    for (const key of keys) {
      const all = parsed.map((p) => p.figures.get(key)).filter(Boolean);
      const first = all[0];
      if (first.inTarget) continue;
      const varies = new Set(all.map((f) => f.value)).size > 1;
      if (!varies && !first.target) continue;
      const of = (runtime) =>
        parsed
          .filter((p) => p.runtime === runtime)
          .map((p) => p.figures.get(key)?.value)
          .filter((v) => v !== undefined);
      const [a, b] = [of('node20'), of('node24')];
      if (!a.length || !b.length) continue; // on one runtime only: nothing to compare
      const change = a.length && b.length && median(a) !== 0 ? `${((median(b) / median(a) - 1) * 100).toFixed(1)} %` : '';
      if (first.line !== lastLine) lines.push(`| **${first.line.slice(0, 90)}** | | | | ${first.target} |`);
      lastLine = first.line;
      const shown = (v) => (v.length ? `${fmt(median(v))} (${v.map(fmt).join(', ')})` : '—');
      lines.push(`| ${first.label} | ${shown(a)} | ${shown(b)} | ${change} | |`);
    }
  }
  return lines.join('\n');
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const names = { node20: 'Node 20', node24: 'Node 24' };
  let results;
  if (options.from) {
    results = JSON.parse(readFileSync(options.from, 'utf8'));
  } else {
    const checkout = resolve(options.checkout ?? '.');
    const bins = mkdtempSync(join(tmpdir(), 'bpm-compare-'));
    const runtimes = ['node20', 'node24'].map((key) => {
      const exe = realpathSync(options[key] ?? (key === 'node20' ? '/usr/bin/node' : 'node_modules/.bin/node'));
      // A directory whose `node` is this runtime, first on PATH: anything the bench starts with `node` runs on it.
      const bin = join(bins, key);
      mkdirSync(bin);
      symlinkSync(exe, join(bin, 'node'));
      const [version, abi] = versionOf(exe);
      return { key, exe, bin, version, abi };
    });
    for (const runtime of runtimes) names[runtime.key] = `Node ${runtime.version}`;
    const scripts = readdirSync(join(checkout, 'bench'))
      .filter((name) => name.endsWith('.bench.ts'))
      .filter((name) => options.benches.length === 0 || options.benches.some((b) => name === `${b}.bench.ts`))
      .sort((x, y) => {
        const rank = (name) => (options.benches.length ? options.benches.findIndex((b) => name === `${b}.bench.ts`) : 0);
        return rank(x) - rank(y) || x.localeCompare(y);
      });
    const addons = Object.fromEntries(runtimes.map((r) => [r.key, addonFor(checkout, r)]));
    results = [];
    const out = options.out ?? join(bins, 'results.json');
    for (let round = 0; round < options.rounds; round += 1) {
      for (const script of scripts) {
        const order = round % 2 === 0 ? runtimes : [...runtimes].reverse();
        for (const runtime of order) {
          const addon = addons[runtime.key];
          if (addon) {
            copyFileSync(addon.kept, addon.active);
            if (!addon.loads()) throw new Error(`better-sqlite3 does not load in Node ${runtime.version}`);
          }
          const startedAt = new Date().toISOString();
          const load = uptime();
          console.log(`\n=== ${script} on Node ${runtime.version}, round ${round + 1}; ${load} ===`);
          const { output, status } = await runBench(checkout, runtime, script);
          results.push({
            script,
            runtime: runtime.key,
            version: runtime.version,
            round,
            startedAt,
            uptime: load,
            after: uptime(),
            status,
            output,
          });
          writeFileSync(out, JSON.stringify(results));
        }
      }
    }
    console.log(`\n[compare] raw outputs: ${out} (summarise again with --from)`);
  }
  console.log(`\n# ${names.node20} → ${names.node24}: medians (each run), change = Node 24 / Node 20 − 1`);
  for (const r of results)
    console.log(
      `- ${r.script} on ${r.version}, round ${r.round + 1}, ${r.startedAt}: ${r.uptime.replace(/^.*(load average)/, '$1')}`,
    );
  console.log(compare(results, names));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
