// The root postinstall: settles which Node npm scripts run on and checks that better-sqlite3's prebuilt
// binary loads in it, else builds it against that Node's headers (allowScripts denies npm's own build,
// which targets the Node npm runs on): nothing comes from outside the npm registry. docs/deployment.md#runtime
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MIN_NODE_MAJOR, majorOf, notPossible, ownNode, pinnedLink, root, scriptRuntime } from './node-runtime.mjs';

const own = ownNode();
if (own && majorOf(own.version) >= MIN_NODE_MAJOR && existsSync(pinnedLink)) {
  // This machine's own Node is recent enough: npm scripts find it once the pinned link is gone.
  rmSync(pinnedLink);
}
const runtime = scriptRuntime();
if (!runtime || majorOf(runtime.version) < MIN_NODE_MAJOR) {
  console.error(notPossible(own));
  process.exit(1);
}

const addon = join(root, 'node_modules', 'better-sqlite3');
const loads = () =>
  spawnSync(runtime.executable, ['-e', "require('better-sqlite3')(':memory:').close()"], { cwd: root }).status === 0;

if (existsSync(addon) && !loads()) {
  const prefix = dirname(dirname(runtime.executable));
  const headers = existsSync(join(prefix, 'include', 'node', 'node_version.h'));
  const nodeGyp =
    process.env.npm_config_node_gyp ?? spawnSync('npm', ['config', 'get', 'node-gyp'], { encoding: 'utf8' }).stdout.trim();
  console.log(`[bpm] no prebuilt better-sqlite3 loads in Node ${runtime.version}: building it…`);
  // node-gyp takes nodedir from the environment over its flags. Without headers beside the executable
  // (a machine's own Node), it finds them its usual way.
  const env = headers ? { ...process.env, npm_config_nodedir: prefix } : process.env;
  const build = spawnSync(runtime.executable, [nodeGyp, 'rebuild', '--release', '--force_build=1'], {
    cwd: addon,
    env,
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    console.error(`${build.stdout ?? ''}${build.stderr ?? ''}`.split('\n').slice(-40).join('\n'));
    console.error(
      `[bpm] could not build better-sqlite3 for Node ${runtime.version} (${runtime.executable}): it needs ` +
        'python3, make and a C++ compiler (apt-get install -y python3 make g++).',
    );
    process.exit(1);
  }
  if (!loads()) {
    console.error(
      `[bpm] better-sqlite3 was built but does not load in Node ${runtime.version} (${runtime.executable}): ` +
        `the headers it was built with (${env.npm_config_nodedir ?? "node-gyp's"}) are another Node's.`,
    );
    process.exit(1);
  }
}
