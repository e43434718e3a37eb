import { RestError } from './errors';

/**
 * PGRST2xx: names the schema cache does not know or cannot choose between (PostgREST `SchemaCacheError`),
 * with its "Perhaps you meant …" hints.
 */

export function tableNotFound(schema: string, name: string, suggestion: string | undefined): RestError {
  return new RestError(404, {
    code: 'PGRST205',
    message: `Could not find the table '${schema}.${name}' in the schema cache`,
    hint: suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
  });
}

export function columnNotFound(table: string, column: string, suggestion: string | undefined): RestError {
  return new RestError(400, {
    code: '42703',
    message: `column ${table}.${column} does not exist`,
    hint: suggestion ? `Perhaps you meant to reference the column "${table}.${suggestion}".` : null,
  });
}

/** A key of the JSON body, `columns` or `on_conflict` that is not a column (PGRST204). */
export function payloadColumnNotFound(table: string, column: string): RestError {
  return new RestError(400, {
    code: 'PGRST204',
    message: `Could not find the '${column}' column of '${table}' in the schema cache`,
  });
}

/** How the function was called, for PGRST202's wording (a raw text/xml/binary body has no parameter names). */
export type CallBody = 'json' | 'text' | 'xml' | 'binary' | 'none';

export function functionNotFound(
  schema: string,
  name: string,
  argumentNames: string[],
  body: CallBody,
  hint: string | undefined,
): RestError {
  const sorted = [...argumentNames].sort();
  const func = `${schema}.${name}`;
  const rawBody = body === 'text' || body === 'xml' || body === 'binary';
  const params = sorted.length ? `(${sorted.join(', ')})` : ' without parameters';
  const withParams = sorted.length ? ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}` : ' without parameters';
  const searched = rawBody
    ? ` with a single unnamed ${body === 'binary' ? 'bytea' : body} parameter`
    : `${withParams}${body === 'json' ? ' or with a single unnamed json/jsonb parameter' : ''}`;
  return new RestError(404, {
    code: 'PGRST202',
    message: `Could not find the function ${func}${rawBody ? '' : params} in the schema cache`,
    details: `Searched for the function ${func}${searched}, but no matches were found in the schema cache.`,
    hint: rawBody ? null : (hint ?? null),
  });
}

export function ambiguousFunction(candidates: { schema: string; name: string; params: { name: string; type: string }[] }[]): RestError {
  const list = candidates.map(
    (routine) => `${routine.schema}.${routine.name}(${routine.params.map((param) => `${param.name} => ${param.type}`).join(', ')})`,
  );
  return new RestError(300, {
    code: 'PGRST203',
    message: `Could not choose the best candidate function between: ${list.join(', ')}`,
    hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  });
}
