import { z } from 'zod';
import { renderStaleContentHtml } from '../../modules/blog/render-content-html';
import { defineTask } from '../define-task';
import { enqueueJobByName } from '../enqueue-job';
import { RENDER_SWEEP_KEY } from '../schedules';

/** Items one run renders at most; a full batch queues the next run at once. */
export const RENDER_SWEEP_BATCH = 200;

/**
 * The sweep behind `render_content_html`: renders every published item whose HTML is missing, made from other
 * Markdown or by an older renderer (CONTENT_HTML_RENDERER). It runs whenever
 * a worker starts (a new renderer arrives with a deploy, and items published before the first worker ran wait for
 * it) and hourly (server/src/jobs/schedules.ts), for anything a per-item job missed. Bounded: a full batch queues
 * the next one under the same key. An item that cannot be rendered is logged and left for the next sweep.
 */
export const renderStaleContentHtmlTask = defineTask({
  name: 'render_stale_content_html',
  payload: z.looseObject({}),
  maxAttempts: 3,
  async run(_payload, { sql, log }) {
    let failed = 0;
    const stored = await renderStaleContentHtml(sql, {
      everyWorkspace: true,
      limit: RENDER_SWEEP_BATCH,
      onError: (id, error) => {
        failed += 1;
        log.warn(`content item ${id}: not rendered (${error instanceof Error ? error.message : String(error)})`);
      },
    });
    if (stored > 0) log.info(`${stored} content item(s) rendered`);
    if (stored > 0 && stored + failed >= RENDER_SWEEP_BATCH) await enqueueJobByName(sql, 'render_stale_content_html', {}, { jobKey: RENDER_SWEEP_KEY, maxAttempts: 3 });
  },
});
