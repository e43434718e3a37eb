import type { FastifyInstance } from 'fastify';

/** Raised for a request body that is not valid JSON; each API module maps it to its own wire format. */
export class InvalidJsonError extends Error {
  override name = 'InvalidJsonError';
  readonly statusCode = 400;
  readonly code = 'INVALID_JSON';
}

/**
 * JSON bodies the way supabase-js sends them: `application/json;charset=UTF-8`,
 * and an empty body with a JSON content type (DELETE, POST /logout) reads as no body.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(/^application\/([\w.+-]+\+)?json\b/i, { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      done(new InvalidJsonError(error instanceof Error ? error.message : 'invalid JSON'), undefined);
    }
  });
}
