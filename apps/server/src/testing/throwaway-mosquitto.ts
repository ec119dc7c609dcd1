// A throwaway Mosquitto (MQTT 5) for tests: a free port on 127.0.0.1, a config file in a temporary directory,
// anonymous clients, no persistence, stopped by its pid file (docs/mqtt.md (Cluster mode)).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopByPidFile, waitForDaemon } from './daemon.js';
import { ensureDebianPackage, freePort } from './debian-packages.js';

const mosquittoBinary = process.env.BPM_MOSQUITTO ?? '/usr/sbin/mosquitto';

export interface ThrowawayMosquitto {
  url: string;
  port: number;
  stop(): void;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startThrowawayMosquitto(): Promise<ThrowawayMosquitto> {
  ensureDebianPackage(mosquittoBinary, ['mosquitto']);
  const dir = mkdtempSync(join(tmpdir(), 'bpm-mosquitto-'));
  const pidFile = join(dir, 'mosquitto.pid');
  const port = await freePort();
  const config = [
    `listener ${port} 127.0.0.1`,
    'allow_anonymous true',
    'persistence false',
    `pid_file ${pidFile}`,
    `log_dest file ${join(dir, 'mosquitto.log')}`,
    // As root Mosquitto would switch to its own user, who may not write this directory.
    ...(process.getuid?.() === 0 ? ['user root'] : []),
  ].join('\n');
  writeFileSync(join(dir, 'mosquitto.conf'), `${config}\n`);
  execFileSync(mosquittoBinary, ['-d', '-c', join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  await waitForDaemon(async () => existsSync(pidFile) && (await accepts(port)));
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    stop: stopByPidFile(pidFile, dir),
  };
}
