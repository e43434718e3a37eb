import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Sql } from '../../db/client';
import { testMessagePage, unknownLinkPage, unsubscribedPage, unsubscribePage } from './email-pages';
import { fetchSnsCertificate, SNS_HOST, verifySesThroughSns, type CertificateFetcher } from './sns-verify';
import { verifyGeneric, verifyPostmark, verifySendGrid, type Verified, type WebhookRequest, type WebhookSecrets } from './webhook-providers';

/** A 1×1 transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export interface EmailRoutesOptions {
  sql: Sql;
  /** SNS certificates (tests pass their own: the real ones live on amazonaws.com). */
  fetchSnsCertificate?: CertificateFetcher;
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/**
 * The Email Platform's public addresses (decision 0020), on the server and, for hosted Supabase, on `npm run worker`
 * (WORKER_HTTP_PORT):
 *   GET  /e/u/:token             the unsubscribe page (a GET never unsubscribes: link checkers follow links)
 *   POST /e/u/:token             unsubscribe: RFC 8058 one-click (body List-Unsubscribe=One-Click) or the page's button
 *   GET  /e/o/:token             the open pixel (recorded only when tracked)
 *   GET  /e/c/:token/:n          the n-th link of the message (recorded when tracked); nowhere else
 *   POST /e/webhooks/:endpoint/:provider   bounces and complaints (postmark, sendgrid, generic, ses)
 * Bodies are read as text here (signatures are over the exact bytes), in this plugin's own scope.
 */
export async function emailRoutes(app: FastifyInstance, options: EmailRoutesOptions): Promise<void> {
  const { sql } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, String(body)));

  app.get<{ Params: { token: string } }>('/e/u/:token', async (request, reply) => {
    if (request.params.token === 'test') return html(reply, 200, testMessagePage());
    if (!TOKEN.test(request.params.token)) return html(reply, 404, unknownLinkPage());
    const [info] = await sql<{ workspace_name: string; masked_email: string; unsubscribed: boolean }[]>`
      select * from private.email_unsubscribe_info(${request.params.token})`;
    if (!info) return html(reply, 404, unknownLinkPage());
    return html(reply, 200, unsubscribePage({ workspaceName: info.workspace_name, maskedEmail: info.masked_email, unsubscribed: info.unsubscribed }));
  });

  app.post<{ Params: { token: string }; Body: string | undefined }>('/e/u/:token', async (request, reply) => {
    if (request.params.token === 'test') return html(reply, 200, testMessagePage());
    if (!TOKEN.test(request.params.token)) return html(reply, 404, unknownLinkPage());
    const oneClick = /(^|&)List-Unsubscribe=One-Click(&|$)/.test(String(request.body ?? ''));
    const [result] = await sql<{ done: boolean }[]>`select private.unsubscribe_email_recipient(${request.params.token}, ${oneClick ? 'one_click' : 'link'}) as done`;
    if (!result?.done) return html(reply, 404, unknownLinkPage());
    const [info] = await sql<{ workspace_name: string }[]>`select workspace_name from private.email_unsubscribe_info(${request.params.token})`;
    return html(reply, 200, unsubscribedPage(info?.workspace_name ?? ''));
  });

  app.get<{ Params: { token: string } }>('/e/o/:token', async (request, reply) => {
    if (TOKEN.test(request.params.token)) await sql`select private.record_email_open(${request.params.token})`;
    return reply.code(200).header('content-type', 'image/gif').header('cache-control', 'no-store, private').send(PIXEL);
  });

  app.get<{ Params: { token: string; index: string } }>('/e/c/:token/:index', async (request, reply) => {
    const index = /^\d{1,4}$/.test(request.params.index) ? Number(request.params.index) : -1;
    if (!TOKEN.test(request.params.token) || index < 0) return html(reply, 404, unknownLinkPage());
    const [row] = await sql<{ url: string | null }[]>`select private.record_email_click(${request.params.token}, ${index}) as url`;
    if (!row?.url) return html(reply, 404, unknownLinkPage());
    return reply.code(302).header('location', row.url).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send();
  });

  app.post<{ Params: { endpoint: string; provider: string }; Body: string | undefined }>('/e/webhooks/:endpoint/:provider', async (request, reply) => {
    const { endpoint, provider } = request.params;
    const [secrets] = TOKEN.test(endpoint)
      ? await sql<(WebhookSecrets & { workspace_id: string })[]>`select * from private.email_webhook_endpoint(${endpoint})`
      : [];
    if (!secrets) return reply.code(404).send({ message: 'Unknown webhook endpoint' });
    const input: WebhookRequest = { headers: request.headers, body: String(request.body ?? '') };
    let verified: Verified;
    if (provider === 'postmark') verified = verifyPostmark(input, secrets);
    else if (provider === 'sendgrid') verified = verifySendGrid(input, secrets);
    else if (provider === 'generic') verified = verifyGeneric(input, secrets);
    else if (provider === 'ses') verified = await verifySesThroughSns(input, secrets, options.fetchSnsCertificate ?? fetchSnsCertificate);
    else return reply.code(404).send({ message: 'Unknown provider: use postmark, sendgrid, ses or generic' });
    if (!verified.ok) {
      request.log.warn(`e-mail webhook (${provider}) refused: ${verified.reason}`);
      return reply.code(verified.status).send({ message: verified.status === 401 ? 'The notification could not be verified' : verified.reason });
    }
    if (verified.subscribeUrl && SNS_HOST.test(new URL(verified.subscribeUrl).hostname)) {
      // Confirms the SNS subscription (an SNS host only, checked above).
      await fetch(verified.subscribeUrl, { signal: AbortSignal.timeout(5000), redirect: 'error' }).catch((error: unknown) => request.log.warn(`SNS subscription not confirmed: ${String(error)}`));
    }
    const [result] = await sql<{ outcome: { recorded: number; suppressed: number } }[]>`
      select private.record_email_feedback(${secrets.workspace_id}, ${sql.json(verified.events as never)}) as outcome`;
    return reply.code(200).send(result!.outcome);
  });
}
