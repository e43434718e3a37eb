// `npm run dev`: the own server (API + embedded PostgreSQL, restarted on change) and Vite with HMR,
// which proxies /auth/v1, /rest/v1 and /storage/v1 to it. Open the URL Vite prints.
import concurrently from 'concurrently';

const apiPort = process.env.API_PORT ?? '54321';
const { result } = concurrently(
  [
    // E-mail links lead back to the page Vite serves (any localhost port): redirects are otherwise SITE_URL's origin only.
    {
      command: 'tsx watch --clear-screen=false server/src/main.ts',
      name: 'api',
      env: { PORT: apiPort, ADDITIONAL_REDIRECT_URLS: process.env.ADDITIONAL_REDIRECT_URLS ?? 'http://localhost:*/**' },
    },
    { command: 'vite', name: 'web', env: { API_PORT: apiPort } },
  ],
  { killOthersOn: ['failure', 'success'], prefixColors: ['blue', 'magenta'] },
);
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
