import { parseRequest, type RequestInput } from '../parse/request';
import { buildStatement, type Body, type BuildOptions } from '../sql/build';
import { parseBody } from '../sql/payload';
import type { Statement } from '../sql/statement';
import { fixtureCatalogue } from './fixture-catalogue';

const catalogue = fixtureCatalogue();

/** Parse + build over the fixture catalogue, as the route does (`body` is JSON unless `rawBody` is given). */
export function build(
  query: string,
  overrides: Partial<RequestInput> & { body?: string; rawBody?: Body; options?: BuildOptions } = {},
): Statement {
  const { body, rawBody, options, ...input } = overrides;
  const request = parseRequest({ method: 'GET', path: '/content_items', query, headers: {}, ...input });
  const parsed = parseBody(body);
  return buildStatement(request, catalogue, rawBody ?? (parsed && { kind: 'json', body: parsed }), options);
}
