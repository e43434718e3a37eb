import { resolveChromium } from '../../tests/support/chromium';
import { startTestCluster } from '../../tests/support/cluster';

/** One Chromium path and one PostgreSQL for the run; workers read both from the environment. */
export default async function globalSetup() {
  process.env.CHROME_PATH = await resolveChromium();
  const cluster = await startTestCluster();
  process.env.E2E_CLUSTER = JSON.stringify({ adminUrl: cluster.adminUrl, template: cluster.template, prefix: cluster.prefix });
  return async () => {
    await cluster.stop();
  };
}
