/**
 * What the URL grammar parses into (PostgREST's `ApiRequest/Types.hs`, the part this server implements).
 * Names are not checked here: the planner checks every name against the schema catalogue.
 */

/** One step of a JSON path: `->key`, `->>key`, `->0`, `->>-1`. */
export interface JsonStep {
  arrow: '->' | '->>';
  /** A key, or an array index (`index` set). */
  key: string;
  index?: number;
}

/** A column (or computed field, or `*`) with an optional JSON path. */
export interface Field {
  name: string;
  jsonPath: JsonStep[];
}

export type AggregateFunction = 'count' | 'sum' | 'avg' | 'min' | 'max';
export type JoinType = 'inner' | 'left';

export interface SelectField {
  kind: 'field';
  /** `*` for all columns; `count()` is `*` with aggregate `count`. */
  field: Field;
  alias?: string;
  cast?: string;
  aggregate?: AggregateFunction;
  aggregateCast?: string;
}

export interface SelectRelation {
  kind: 'relation';
  name: string;
  alias?: string;
  hint?: string;
  joinType?: JoinType;
  /** `...relation(…)`: its columns join the parent's object. */
  spread: boolean;
  children: SelectNode[];
}

export type SelectNode = SelectField | SelectRelation;

export type SimpleOperator = 'neq' | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj';
export type QuantOperator = 'eq' | 'gte' | 'gt' | 'lte' | 'lt' | 'like' | 'ilike' | 'match' | 'imatch';
export type FtsOperator = 'fts' | 'plfts' | 'phfts' | 'wfts';
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Operation =
  | { kind: 'simple'; operator: SimpleOperator; value: string }
  | { kind: 'quant'; operator: QuantOperator; quantifier?: 'any' | 'all'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; operator: FtsOperator; language?: string; value: string };

export interface Filter {
  kind: 'filter';
  field: Field;
  negated: boolean;
  operation: Operation;
}

export interface LogicTree {
  kind: 'logic';
  operator: 'and' | 'or';
  negated: boolean;
  children: Condition[];
}

export type Condition = Filter | LogicTree;

export interface OrderTerm {
  /** `relation(column)`: order by a column of an embedded to-one resource. */
  relation?: string;
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'nullsfirst' | 'nullslast';
}

/** Names of embedded resources leading to a node (`[]` is the top level). */
export type EmbedPath = string[];

export interface Range {
  offset: number;
  /** `null`: no limit asked. */
  limit: number | null;
}

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  missing?: 'default' | 'null';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
  timezone?: string;
  /** Preferences not understood (refused with `handling=strict`). */
  invalid: string[];
}

/** What the response body is, from `Accept` (PostgREST's media types). */
export type MediaType =
  | { kind: 'json'; stripNulls: boolean }
  | { kind: 'object'; stripNulls: boolean }
  | { kind: 'csv' };

export type Target = { kind: 'root' } | { kind: 'table'; name: string } | { kind: 'function'; name: string };

export type Action = 'read' | 'insert' | 'update' | 'delete' | 'call';

export interface ApiRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
  action: Action;
  target: Target;
  /** The schema chosen by Accept-Profile / Content-Profile (else the first exposed one). */
  schema: string;
  /** A profile header chose the schema, or several schemas are exposed: the response says which. */
  negotiatedByProfile: boolean;
  /** `null` when the request has no `select` (all columns). */
  select: SelectNode[] | null;
  /** Filters and logic trees, each for the node at `path`. */
  conditions: { path: EmbedPath; condition: Condition }[];
  orders: { path: EmbedPath; terms: OrderTerm[] }[];
  /** `limit`/`offset` of embedded resources, by path joined with `.`. */
  embedRanges: { path: EmbedPath; range: Range }[];
  /** The top level's range (`limit`, `offset` and the `Range` header). */
  range: Range;
  /** GET/HEAD on a function: parameters without an operator are its arguments. */
  rpcArgs: [string, string][];
  preferences: Preferences;
  columns: string[] | null;
  onConflict: string[] | null;
  media: MediaType;
}
