import type { TestProject } from 'vitest/node';
import { startTestCluster } from './cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: { adminUrl: string; template: string; prefix: string };
  }
}

/** Vitest integration project: one PostgreSQL for the whole run; each file copies the template. */
export default async function setup(project: TestProject) {
  const cluster = await startTestCluster();
  project.provide('cluster', { adminUrl: cluster.adminUrl, template: cluster.template, prefix: cluster.prefix });
  return async () => {
    await cluster.stop();
  };
}
