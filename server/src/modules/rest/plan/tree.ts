import { RestError } from '../errors';
import type { ApiRequest, Condition, EmbedPath, OrderTerm, Range, SelectField, SelectRelation } from '../request-types';

/**
 * The request as a tree of nodes (PostgREST's `ReadPlanTree` before relationships are resolved): the top
 * level and each embedded resource, with the columns it selects, its filters, order and range. Parameters
 * naming an embedded resource that the select does not have are PGRST108.
 */

export interface PlanNode {
  /** `undefined` for the top level. */
  relation?: SelectRelation;
  /** Columns and embedded resources, in select order. */
  items: (SelectField | PlanNode)[];
  conditions: Condition[];
  order: OrderTerm[];
  range: Range | null;
}

function node(items: SelectRelation['children'] | null, relation?: SelectRelation): PlanNode {
  const result: PlanNode = {
    items: (items ?? [{ kind: 'field', field: { name: '*', jsonPath: [] } }]).map((item) =>
      item.kind === 'field' ? item : node(item.children, item),
    ),
    conditions: [],
    order: [],
    range: null,
  };
  if (relation) result.relation = relation;
  return result;
}

export function childrenOf(plan: PlanNode): PlanNode[] {
  return plan.items.filter((item): item is PlanNode => !('kind' in item));
}

/** The output name of an embedded resource (its alias, else its name). */
export function embedName(plan: PlanNode): string {
  return plan.relation!.alias ?? plan.relation!.name;
}

export function notEmbedded(name: string): RestError {
  return new RestError(400, {
    code: 'PGRST108',
    message: `'${name}' is not an embedded resource in this request`,
    hint: `Verify that '${name}' is included in the 'select' query parameter.`,
  });
}

function find(root: PlanNode, path: EmbedPath): PlanNode {
  let current = root;
  for (const name of path) {
    const next = childrenOf(current).find((child) => child.relation!.name === name || child.relation!.alias === name);
    if (!next) throw notEmbedded(name);
    current = next;
  }
  return current;
}

export function planTree(request: ApiRequest): PlanNode {
  const root = node(request.select);
  for (const { path, condition } of request.conditions) find(root, path).conditions.push(condition);
  for (const { path, terms } of request.orders) find(root, path).order.push(...terms);
  for (const { path, range } of request.embedRanges) find(root, path).range = range;
  root.range = request.range;
  return root;
}
