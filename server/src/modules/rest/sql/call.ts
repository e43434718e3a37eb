import type { Routine } from '../catalogue/types';
import { invalidBody } from '../errors';
import { arrayLiteral, qualified, quoteIdent, type Params } from './identifiers';

/**
 * The function call of `/rpc/fn` as PostgREST writes it (`callPlanToQuery`): named arguments from the JSON
 * body through `json_to_record`, or from the query string cast to the parameters' types; a single unnamed
 * parameter takes the whole body. Scalar results are one `pgrst_scalar` column.
 */

export type CallArguments =
  | { kind: 'json'; raw: string; keys: string[] }
  | { kind: 'query'; values: [string, string][] }
  | { kind: 'raw'; value: string };

/** A body for a single unnamed bytea parameter, as the text `\x…` PostgreSQL reads as bytea. */
export function byteaText(body: Buffer): string {
  return `\\x${body.toString('hex')}`;
}

export function callSql(routine: Routine, args: CallArguments, params: Params): string {
  const fn = qualified(routine.schema, routine.name);
  const [only] = routine.params;
  let from = '';
  let callArgs = '';
  if (routine.params.length === 1 && only!.name === '') {
    const value = args.kind === 'raw' ? args.value : args.kind === 'json' ? args.raw : JSON.stringify(Object.fromEntries(args.values));
    callArgs = `${params.add(value)}::${only!.type}`;
  } else if (args.kind === 'json') {
    const used = routine.params.filter((param) => args.keys.includes(param.name));
    if (used.length) {
      const typed = used.map((param) => `${quoteIdent(param.name)} ${param.type}`).join(', ');
      from = `pg_catalog.json_to_record(${params.add(args.raw)}::json) AS pgrst_body(${typed}), LATERAL `;
      callArgs = used
        .map((param) => `${param.variadic ? 'VARIADIC ' : ''}${quoteIdent(param.name)} := pgrst_body.${quoteIdent(param.name)}`)
        .join(', ');
    }
  } else if (args.kind === 'query') {
    callArgs = routine.params
      .filter((param) => args.values.some(([name]) => name === param.name))
      .map((param) => {
        const values = args.values.filter(([name]) => name === param.name).map(([, value]) => value);
        // A variadic parameter takes every value given for it; another one the last.
        const value = param.variadic ? arrayLiteral(values) : values.at(-1)!;
        return `${param.variadic ? 'VARIADIC ' : ''}${quoteIdent(param.name)} := ${params.add(value)}::${param.type}`;
      })
      .join(', ');
  } else {
    throw invalidBody('Expected a JSON object');
  }
  if (routine.returns === 'composite') return `SELECT pgrst_call.* FROM ${from}${fn}(${callArgs}) pgrst_call`;
  return `SELECT pgrst_call.pgrst_scalar FROM ${from}(SELECT ${fn}(${callArgs}) AS pgrst_scalar) pgrst_call`;
}
