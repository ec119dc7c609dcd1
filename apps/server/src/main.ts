// Starts the server: configuration, the app, listen, one banner line, graceful shutdown.
import { productName } from '@bpm/protocol';
import { buildApp, serverVersion } from './app.js';
import { loadConfig } from './config.js';
import { boundHeapGrowth, youngGenerationWarning } from './heap-growth.js';
import { startDemoSimulator } from './modules/probes/demo-simulator.js';

function bannerUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}/`;
}

async function main(): Promise<void> {
  boundHeapGrowth();
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  // Written to stdout directly, never through the logger: the generated password must not reach the logs table.
  const password = app.seedResult.generatedAdminPassword;
  const credentials = password ? ` — sign in as admin with password ${password} (shown only this once)` : '';
  process.stdout.write(`${productName} ${serverVersion} is running at ${bannerUrl(config.host, port)}${credentials}\n`);
  app.log.info(`${productName} ${serverVersion} listening on ${config.host}:${port}`);
  const youngGeneration = youngGenerationWarning();
  if (youngGeneration) app.log.warn(youngGeneration);
  // npm start (BPM_SIMULATOR=on): a living plant beside the server, fed through the real ingest API.
  if (config.simulator) await startDemoSimulator(app, port);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`Received ${signal}, shutting down`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Error while shutting down: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${productName} could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
