#!/usr/bin/env node
// `npm test` after its pretest build: the unit tests, then the end-to-end tests with the type check of the web app
// and the tests beside them (the pretest compiles what runs and bundles the web app without checking it).
// Playwright leaves part of the two cores idle (it waits for pages and servers), so the type check's ~30 s of one
// core fits beside it instead of before everything (docs/decisions/testing.md (Suite budget)). Its output is
// printed once it ends; npm test fails if either fails.
import { spawn } from 'node:child_process';

/** Runs an npm script; `capture` keeps its output to print later instead of interleaving it with another's. */
function runScript(script, { capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const unit = await runScript('test:unit');
if (unit.code !== 0) process.exit(unit.code);
const [typecheck, e2e] = await Promise.all([runScript('typecheck:tests', { capture: true }), runScript('test:e2e')]);
process.stdout.write(typecheck.output);
console.log(`[bpm] type check of the web app and the tests: ${typecheck.code === 0 ? 'ok' : 'FAILED'}`);
process.exit(typecheck.code !== 0 ? typecheck.code : e2e.code);
