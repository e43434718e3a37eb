import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

// The headers supabase-js sends and the ones it must be able to read (contract §1.2).
export const allowedHeaders = [
  'authorization', 'apikey', 'x-client-info', 'content-type', 'accept', 'accept-profile', 'content-profile',
  'prefer', 'range', 'x-supabase-api-version', 'x-retry-count', 'x-upsert', 'cache-control', 'x-metadata',
  'if-none-match', 'if-modified-since',
  // The contact form's proof of work under load (docs/decisions/0016-contact-form-under-load.md).
  'x-altcha',
];
export const exposedHeaders = [
  'Content-Range', 'Content-Location', 'Content-Encoding', 'Content-Type', 'Content-Length', 'Location',
  'Range-Unit', 'Preference-Applied', 'X-Supabase-Api-Version', 'X-Total-Count', 'Link', 'x-sb-error-code',
  'Retry-After', 'ETag', 'Accept-Ranges',
];

export async function registerCors(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'],
    allowedHeaders,
    exposedHeaders,
    maxAge: 86400,
  });
}
