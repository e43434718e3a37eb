import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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

function helmetOptions(https: boolean): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner set inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // The API is called cross-origin by design (anon key + bearer token, no cookies).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
  };
}

/**
 * The headers helmet sets with these options, and the Permissions-Policy, computed once. They do not depend on
 * the request; @fastify/helmet rebuilt the whole middleware (CSP parsing included) on every request, about 8 % of
 * the server's CPU on a data API request (docs/decisions/0006-data-api-speed.md).
 */
export function securityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name] = value;
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  } as unknown as ServerResponse;
  helmet(helmetOptions(https))({} as never, response, () => {});
  headers['Permissions-Policy'] = PERMISSIONS_POLICY;
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  const headers = securityHeaders(options.https);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
