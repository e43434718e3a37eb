import type { JobServices } from '../../jobs/define-task';
import { PermanentJobError } from '../../jobs/define-task';
import type { CrawlFetcher } from './fetch-page';

/** The outbound client the job runner gives its tasks (server/src/lib/outbound): the crawler's only way to fetch. */
export function crawlFetcherOf(services: JobServices): CrawlFetcher {
  const outbound = (services as JobServices & { outbound?: CrawlFetcher }).outbound;
  if (!outbound) throw new PermanentJobError('this worker has no outbound HTTP client');
  return outbound;
}
