import { key, type Catalogue, type Routine } from '../catalogue/types';
import { closest } from '../fuzzy';
import { ambiguousFunction, functionNotFound, type CallBody } from '../schema-errors';

/**
 * Which overload `POST /rpc/fn` or `GET /rpc/fn?…` calls, as PostgREST's `findProc`: a function matches when
 * the argument names cover its required parameters and stay within its parameters; a function with a single
 * unnamed parameter takes the whole body when nothing else matches (json/jsonb for JSON, text for
 * text/plain, xml for text/xml, bytea for application/octet-stream). Several matches are 300 PGRST203.
 */

const UNNAMED_TYPES: Record<CallBody, string[]> = {
  json: ['json', 'jsonb'],
  text: ['text'],
  xml: ['xml'],
  binary: ['bytea'],
  none: [],
};

function matchesParams(routine: Routine, keys: ReadonlySet<string>, body: CallBody): boolean {
  const params = routine.params;
  if (params.length === 0) return keys.size === 0 && body !== 'text' && body !== 'xml' && body !== 'binary';
  const required = params.filter((param) => !param.hasDefault).map((param) => param.name);
  const optional = new Set(params.filter((param) => param.hasDefault).map((param) => param.name));
  const remaining = [...keys].filter((name) => !optional.has(name));
  return remaining.length === required.length && required.every((name) => keys.has(name));
}

function hasSingleUnnamedParam(routine: Routine, body: CallBody, isPost: boolean): boolean {
  const [only, ...rest] = routine.params;
  return isPost && only !== undefined && rest.length === 0 && only.name === '' && UNNAMED_TYPES[body].includes(only.type);
}

export function findRoutine(
  catalogue: Catalogue,
  schema: string,
  name: string,
  argumentNames: string[],
  body: CallBody,
  isPost: boolean,
): Routine {
  const candidates = catalogue.routines.get(key(schema, name)) ?? [];
  const keys = new Set(argumentNames);
  const matched = candidates.filter((routine) => matchesParams(routine, keys, body));
  const fallback = candidates.filter((routine) => !matchesParams(routine, keys, body) && hasSingleUnnamedParam(routine, body, isPost));
  if (matched.length === 1) return matched[0]!;
  if (matched.length > 1) throw ambiguousFunction(matched);
  if (fallback.length === 1) return fallback[0]!;
  if (fallback.length > 1) throw ambiguousFunction(fallback);

  let hint: string | undefined;
  if (candidates.length === 0) {
    const names = [...catalogue.routines.keys()].filter((name) => name.startsWith(`${schema}.`)).map((name) => name.slice(schema.length + 1));
    const suggestion = closest(name, names, 0.75);
    if (suggestion) hint = `Perhaps you meant to call the function ${schema}.${suggestion}`;
  } else {
    const lists = candidates.map((routine) => `(${routine.params.map((param) => param.name).sort().join(', ')})`);
    const suggestion = closest(`(${[...keys].sort().join(', ')})`, lists, 0.33);
    if (suggestion) hint = `Perhaps you meant to call the function ${schema}.${name}${suggestion}`;
  }
  throw functionNotFound(schema, name, argumentNames, body, hint);
}
