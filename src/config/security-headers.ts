import { APP_FRAME_SCRIPT_HASH } from './app-frame-script';

/**
 * The security headers of every response, once: the own server sends them (server/src/plugins/security-headers.ts)
 * and the build writes them into the static hosts' files (scripts/static-host.ts), so a deployment to Netlify,
 * Cloudflare Pages, Vercel or nginx answers with the same ones.
 */

export interface SecurityHeaderOptions {
  /** The site is served over HTTPS: add Strict-Transport-Security. */
  https: boolean;
  /** A backend on another origin (hosted Supabase): the page may call it and play its stored audio. */
  backendOrigin?: string;
}

/** Content-Security-Policy directives; Radix and sonner set inline styles at run time. */
function cspDirectives(backendOrigin: string | undefined): [string, string[]][] {
  const backend = backendOrigin ? [backendOrigin] : [];
  const realtime = backendOrigin ? [backendOrigin.replace(/^http/, 'ws')] : [];
  return [
    ['default-src', ["'self'"]],
    // The shell's one inline script, by its hash: it shows a signed-in page's frame before the app's script runs.
    ['script-src', ["'self'", APP_FRAME_SCRIPT_HASH]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // https: the public blogs' featured images live wherever their authors keep them.
    ['img-src', ["'self'", 'data:', 'blob:', 'https:', ...backend]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...backend, ...realtime]],
    ['media-src', ["'self'", 'blob:', ...backend]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
}

export function contentSecurityPolicy(backendOrigin?: string): string {
  return cspDirectives(backendOrigin)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');
}

/**
 * Browser features no page of the product uses: off for the page and anything it embeds. Autoplay and
 * fullscreen keep the browser's defaults (the home page's audio player).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** Header name → value, in a stable order. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options.backendOrigin),
    'Cross-Origin-Opener-Policy': 'same-origin',
    // The API is called cross-origin by design (anon key + bearer token, no cookies).
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Origin-Agent-Cluster': '?1',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
    'X-Content-Type-Options': 'nosniff',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    'X-Frame-Options': 'SAMEORIGIN',
    'X-Permitted-Cross-Domain-Policies': 'none',
    'X-XSS-Protection': '0',
  };
}

/** Cache policy of the built files, as the own server applies it: content-hashed assets never change. */
export const CACHE_CONTROL = {
  hashedAsset: 'public, max-age=31536000, immutable',
  html: 'no-cache',
  otherFile: 'public, max-age=3600',
} as const;

/**
 * Headers that only mean something on a document (or a worker's script): the own server leaves them off the
 * content-hashed scripts and styles a page loads (`isSubresourceAsset`). Over HTTP/1.1 each response repeats its
 * headers uncompressed — 1,392 B per script, against a median script of ~1 KB, on the ~60 a signed-in page loads
 * (issue 33; decision 0017). X-Content-Type-Options and Cross-Origin-Resource-Policy do apply to them and stay.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'Permissions-Policy',
  'Referrer-Policy',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
] as const;

/**
 * A content-hashed script or style sheet loaded by a page. Not a worker's script: a worker's Content-Security-Policy
 * comes with its own response.
 */
export function isSubresourceAsset(pathname: string): boolean {
  return pathname.startsWith(HASHED_ASSETS_PREFIX) && /\.(m?js|css)$/.test(pathname) && !/\.worker[.-]/.test(pathname);
}

/** Where the content-hashed assets of the build live (Vite's `assets/`). */
export const HASHED_ASSETS_PREFIX = '/assets/';
