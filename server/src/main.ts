import { ConfigError, loadConfig } from './config';
import { MigrationError } from './db/migrate';
import { startServer, type RunningServer } from './server';
import { startBanner } from './start-banner';

const log = (message: string) => console.log(message);
const started = Date.now();

function fail(error: unknown): never {
  if (error instanceof ConfigError || error instanceof MigrationError) {
    console.error(error.message);
  } else {
    console.error(`Failed to start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}

let running: RunningServer | undefined;
let stopping = false;

async function shutdown(signal: string) {
  if (stopping) {
    console.error(`${signal} again: forcing exit`);
    process.exit(1);
  }
  stopping = true;
  log(`${signal} received: stopping HTTP, database connections and PostgreSQL…`);
  await running?.stop();
  log('Stopped.');
  process.exit(0);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  const config = loadConfig();
  running = await startServer(config, log);
  log(`Ready on ${running.url} (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const line of startBanner(config.siteUrl, running.url)) log(line);
} catch (error) {
  fail(error);
}
