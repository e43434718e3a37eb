import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_CONTROL, DOCUMENT_ONLY_HEADERS, HASHED_ASSETS_PREFIX, isSubresourceAsset } from '../../../../src/config/security-headers';
import { loadHtmlPages, pickPage } from './html-pages';

export interface StaticOptions {
  staticDir: string;
  anonKey: string;
  /** Path prefixes owned by the API modules: their unknown paths are answered by those modules. */
  apiPrefixes: string[];
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not built</title></head>
<body><p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds first).</p></body></html>`;

/** The built SPA: hashed assets cached for a year, prerendered HTML for public routes, 404 for unknown paths. */
export async function staticModule(app: FastifyInstance, options: StaticOptions): Promise<void> {
  const pages = loadHtmlPages(options.staticDir, options.anonKey);
  if (!pages) app.log.warn({ staticDir: options.staticDir }, 'no built app found: run npm run build');

  if (pages) {
    await app.register(fastifyStatic, {
      root: options.staticDir,
      index: false,
      wildcard: true,
      preCompressed: true,
      // Folders and HTML always go through the page handler (runtime settings injected, right status).
      allowedPath: (pathname) => !pathname.endsWith('/') && !pathname.endsWith('.html'),
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.includes(HASHED_ASSETS_PREFIX);
        reply.header('Cache-Control', isHashedAsset ? CACHE_CONTROL.hashedAsset : CACHE_CONTROL.otherFile);
        // A page's own scripts and styles: no document-only headers, and no CORS headers (same origin; the API's).
        if (isSubresourceAsset(new URL(reply.request.url, 'http://x').pathname)) {
          for (const name of [...DOCUMENT_ONLY_HEADERS, 'Access-Control-Allow-Origin', 'Access-Control-Expose-Headers']) reply.removeHeader(name);
        }
      },
    });
  }

  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    if (!pages) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    const { status, html } = pickPage(pages, request.url.split('?')[0]!);
    if (status === 404) request.log.info({ path: request.url }, 'page not found');
    return reply
      .code(status)
      .header('Cache-Control', CACHE_CONTROL.html)
      .type('text/html; charset=utf-8')
      .send(html);
  };

  app.setNotFoundHandler((request, reply) => {
    const isApi = options.apiPrefixes.some((prefix) => request.url.startsWith(prefix));
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: 'Not found' });
    }
    return sendPage(request, reply);
  });
}
