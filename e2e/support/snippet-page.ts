import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SnippetPage {
  /** http://localhost:<port>: another origin than the API's (127.0.0.1), as a customer's site is. */
  url: string;
  close(): Promise<void>;
}

/**
 * A customer's website on its own origin, serving one page for every path with `snippet` pasted into its head:
 * a link that navigates like a single-page app (history.pushState) and a button that sends a custom event.
 */
export async function serveSnippetPage(snippet: string): Promise<SnippetPage> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>${snippet}</head>
<body><main><h1>Shop</h1>
<a href="/pricing" id="spa-link">Pricing</a>
<button type="button" id="signup">Sign up</button>
</main>
<script>
document.getElementById('spa-link').addEventListener('click', function (event) {
  event.preventDefault();
  history.pushState({}, '', '/pricing');
  document.querySelector('h1').textContent = 'Pricing';
});
document.getElementById('signup').addEventListener('click', function () {
  (window.bbAnalytics = window.bbAnalytics || { q: [] });
  if (window.bbAnalytics.track) window.bbAnalytics.track('Signup', { plan: 'pro' });
  else window.bbAnalytics.q.push(['Signup', { plan: 'pro' }]);
});
</script></body></html>`;
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
