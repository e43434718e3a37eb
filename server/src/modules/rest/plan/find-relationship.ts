import { key, type Catalogue, type Relationship } from '../catalogue/types';
import { RestError } from '../errors';
import { closest } from '../fuzzy';

/**
 * Which relationship `origin?select=target!hint(…)` means, as PostgREST's `findRel`: the target names the
 * embedded table (or, without a hint, a foreign key or a column of the origin); the hint names a foreign key,
 * a column of either side, or the junction table of a many-to-many. None is 400 PGRST200, several are
 * 300 PGRST201 with the candidates.
 */

function singleColumn(relationship: Relationship, side: 0 | 1): string | undefined {
  return relationship.columns.length === 1 ? relationship.columns[0]![side] : undefined;
}

function matches(relationship: Relationship, target: string, hint: string | undefined): boolean {
  const isFk = relationship.cardinality !== 'many-to-many' && !relationship.computed;
  if (relationship.computed) return hint === undefined && target === relationship.computed.name;
  if (relationship.isSelf) {
    if (hint === undefined) {
      return (
        (target === relationship.foreignTable && relationship.cardinality === 'one-to-many') ||
        (isFk && singleColumn(relationship, 0) === target && relationship.cardinality === 'many-to-one')
      );
    }
    return target === relationship.foreignTable && relationship.cardinality === 'one-to-many' && singleColumn(relationship, 1) === hint;
  }
  if (hint === undefined) {
    return (
      target === relationship.foreignTable ||
      (isFk && !relationship.foreignIsView && (relationship.constraint === target || singleColumn(relationship, 0) === target))
    );
  }
  return (
    target === relationship.foreignTable &&
    ((isFk && (relationship.constraint === hint || singleColumn(relationship, 0) === hint || singleColumn(relationship, 1) === hint)) ||
      relationship.junction?.table === hint)
  );
}

function describe(relationship: Relationship): Record<string, string> {
  const columns = (pairs: [string, string][], side: 0 | 1) => `(${pairs.map((pair) => pair[side]).join(', ')})`;
  const junction = relationship.junction;
  if (junction) {
    return {
      cardinality: 'many-to-many',
      embedding: `${relationship.table} with ${relationship.foreignTable}`,
      relationship:
        `${junction.table} using ${junction.constraint1}${columns(junction.sourceColumns, 1)} and ` +
        `${junction.constraint2}${columns(junction.targetColumns, 1)}`,
    };
  }
  return {
    cardinality: relationship.cardinality,
    embedding: `${relationship.table} with ${relationship.foreignTable}`,
    relationship:
      `${relationship.constraint} using ${relationship.table}${columns(relationship.columns, 0)} and ` +
      `${relationship.foreignTable}${columns(relationship.columns, 1)}`,
  };
}

function ambiguous(origin: string, target: string, candidates: Relationship[]): RestError {
  const hints = candidates.map((candidate) => `'${candidate.foreignTable}!${candidate.junction?.table ?? candidate.constraint}'`);
  return new RestError(300, {
    code: 'PGRST201',
    message: `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    details: candidates.map(describe),
    hint: `Try changing '${target}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
  });
}

function notFound(catalogue: Catalogue, schema: string, origin: string, target: string, hint: string | undefined): RestError {
  const relationships = catalogue.relationships.get(key(schema, origin));
  let suggestion: string | undefined;
  if (!relationships) {
    const origins = [...catalogue.relationships.keys()].filter((name) => name.startsWith(`${schema}.`)).map((name) => name.slice(schema.length + 1));
    const parent = closest(origin, origins, 0.5);
    if (parent) suggestion = `Perhaps you meant '${parent}' instead of '${origin}'.`;
  } else {
    const child = closest(target, relationships.map((relationship) => relationship.foreignTable), 0.5);
    if (child && child !== target) suggestion = `Perhaps you meant '${child}' instead of '${target}'.`;
  }
  return new RestError(400, {
    code: 'PGRST200',
    message: `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
    details:
      `Searched for a foreign key relationship between '${origin}' and '${target}'` +
      `${hint === undefined ? '' : ` using the hint '${hint}'`} in the schema '${schema}', but no matches were found.`,
    hint: suggestion ?? null,
  });
}

export function findRelationship(
  catalogue: Catalogue,
  schema: string,
  origin: string,
  target: string,
  hint: string | undefined,
): Relationship {
  const candidates = (catalogue.relationships.get(key(schema, origin)) ?? []).filter((relationship) => matches(relationship, target, hint));
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) throw notFound(catalogue, schema, origin, target, hint);
  throw ambiguous(origin, target, candidates);
}
