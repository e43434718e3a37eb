import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ModuleContext } from '../../app-context';
import { feedKindOf } from './blog-feeds';
import { createBlogService, type BlogAnswer, type BlogRequest } from './blog-service';

/**
 * The workspaces' public blogs, rendered by our server: `/blog/<blog>` (`?page=n`), `/blog/<blog>/<item>` and the
 * feeds `/blog/<blog>/rss.xml`, `atom.xml`, `feed.json`. HTML without any script, validated by ETag (a page changes
 * when its blog's published items do). On hosted Supabase the SPA renders the same pages from the same functions.
 */

// The blog's pages load no script and nothing but their own images: a stricter policy than the app's (connect-src:
// crawlers and audits fetch /robots.txt from the page).
const BLOG_CSP = "default-src 'none'; img-src 'self' https:; connect-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const isConnectionError = (error: unknown) => {
  const code = (error as { code?: string }).code ?? '';
  return code.startsWith('08') || code === '57P01' || code === '53300' || code === 'ECONNREFUSED' || code === 'CONNECT_TIMEOUT' || code === 'CONNECTION_CLOSED';
};

function send(reply: FastifyReply, answer: BlogAnswer) {
  reply.code(answer.status).header('Content-Security-Policy', BLOG_CSP).header('Cache-Control', 'public, no-cache').type(answer.contentType);
  if (answer.etag) reply.header('ETag', answer.etag);
  return reply.send(answer.status === 304 ? undefined : answer.body);
}

export async function blogModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const service = createBlogService({
    sql: ctx.sql,
    siteUrl: ctx.config.siteUrl,
    onRenderError: (contentItemId, error) => app.log.error({ err: error, contentItemId }, 'a content item could not be rendered for its blog'),
  });
  const unavailable = (reply: FastifyReply) =>
    reply.code(503).header('Retry-After', '5').type('text/plain; charset=utf-8').send('The blog is unavailable for a moment: try again in a few seconds.');

  async function handle(request: BlogRequest, url: string, ifNoneMatch: string | undefined, reply: FastifyReply) {
    if (!ctx.database.isAvailable()) return unavailable(reply);
    try {
      return send(reply, await service.answer(request, url.split('?')[0]!, ifNoneMatch));
    } catch (error) {
      // The database went away during the request: the same answer as before it (the API modules answer 503 too).
      if (!ctx.database.isAvailable() || isConnectionError(error)) return unavailable(reply);
      throw error;
    }
  }

  app.get<{ Params: { blogSlug: string }; Querystring: { page?: string } }>('/blog/:blogSlug', (request, reply) =>
    handle({ kind: 'list', blogSlug: request.params.blogSlug, page: request.query.page }, request.url, request.headers['if-none-match'], reply),
  );
  app.get<{ Params: { blogSlug: string; postSlug: string } }>('/blog/:blogSlug/:postSlug', (request, reply) => {
    const { blogSlug, postSlug } = request.params;
    const feed = feedKindOf(postSlug);
    const blogRequest: BlogRequest = feed ? { kind: 'feed', blogSlug, feed } : { kind: 'post', blogSlug, postSlug };
    return handle(blogRequest, request.url, request.headers['if-none-match'], reply);
  });
}
