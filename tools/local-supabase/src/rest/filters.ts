import { PostgrestFailure } from './errors.ts';
import { quoteIdent } from './sql-names.ts';

/** Query parameters that are not column filters. */
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);

// Maps, not object literals: an operator or operand from the URL such as `constructor` or `__proto__`
// must find nothing, not a property inherited from Object.prototype that would end up in the SQL text.
const COMPARISONS: ReadonlyMap<string, string> = new Map([
  ['eq', '='],
  ['neq', '<>'],
  ['gt', '>'],
  ['gte', '>='],
  ['lt', '<'],
  ['lte', '<='],
]);

const IS_VALUES: ReadonlyMap<string, string> = new Map(
  ['null', 'true', 'false', 'unknown'].map((keyword) => [keyword, keyword]),
);

export interface WhereClause {
  sql: string;
  values: unknown[];
}

function parseInList(raw: string): string[] {
  const inner = /^\((.*)\)$/.exec(raw)?.[1];
  if (inner === undefined)
    throw new PostgrestFailure(400, 'PGRST100', `"failed to parse filter (in.${raw})"`);
  if (inner === '') return [];
  return (inner.match(/"(?:[^"\\]|\\.)*"|[^,]+/g) ?? []).map((item) =>
    item.startsWith('"') ? item.slice(1, -1).replace(/\\(.)/g, '$1') : item.trim(),
  );
}

/**
 * PostgREST horizontal filters (`column=op.value`, optionally `not.`): eq, neq, gt, gte, lt, lte, like,
 * ilike, is, in. Values travel as bind parameters, never as SQL text.
 */
export function whereClause(
  params: URLSearchParams,
  table: string,
  columns: ReadonlySet<string>,
  options: { firstParam?: number; qualifier?: string } = {},
): WhereClause {
  const firstParam = options.firstParam ?? 1;
  const conditions: string[] = [];
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${firstParam + values.length - 1}`;
  };

  for (const [column, expression] of params) {
    if (RESERVED.has(column)) continue;
    if (!columns.has(column))
      throw new PostgrestFailure(400, '42703', `column ${table}.${column} does not exist`);
    const negated = expression.startsWith('not.');
    const rest = negated ? expression.slice(4) : expression;
    const dot = rest.indexOf('.');
    const operator = dot === -1 ? rest : rest.slice(0, dot);
    const operand = dot === -1 ? '' : rest.slice(dot + 1);
    const target = options.qualifier
      ? `${options.qualifier}.${quoteIdent(column)}`
      : quoteIdent(column);

    let condition: string;
    const comparison = COMPARISONS.get(operator);
    if (comparison !== undefined) {
      condition = `${target} ${comparison} ${bind(operand)}`;
    } else if (operator === 'like' || operator === 'ilike') {
      condition = `${target}::text ${operator} ${bind(operand.replace(/\*/g, '%'))}`;
    } else if (operator === 'is') {
      const keyword = IS_VALUES.get(operand.toLowerCase());
      if (!keyword)
        throw new PostgrestFailure(400, 'PGRST100', `"failed to parse filter (is.${operand})"`);
      condition = `${target} is ${keyword}`;
    } else if (operator === 'in') {
      condition = `${target}::text = any(${bind(parseInList(operand))}::text[])`;
    } else {
      throw new PostgrestFailure(
        400,
        'PGRST100',
        `"failed to parse filter (${expression})" (unsupported operator)`,
      );
    }
    conditions.push(negated ? `not (${condition})` : condition);
  }
  return { sql: conditions.length > 0 ? `where ${conditions.join(' and ')}` : '', values };
}

export function orderClause(
  order: string | null,
  table: string,
  columns: ReadonlySet<string>,
): string {
  if (order === null || order === '') return '';
  const terms = order.split(',').map((term) => {
    const [column, ...modifiers] = term.trim().split('.');
    if (!columns.has(column))
      throw new PostgrestFailure(400, '42703', `column ${table}.${column} does not exist`);
    const direction = modifiers.includes('desc')
      ? ' desc'
      : modifiers.includes('asc')
        ? ' asc'
        : '';
    const nulls = modifiers.includes('nullsfirst')
      ? ' nulls first'
      : modifiers.includes('nullslast')
        ? ' nulls last'
        : '';
    return `${quoteIdent(column)}${direction}${nulls}`;
  });
  return `order by ${terms.join(', ')}`;
}

export function pagingClause(params: URLSearchParams): string {
  const parts: string[] = [];
  for (const key of ['limit', 'offset'] as const) {
    const raw = params.get(key);
    if (raw === null) continue;
    if (!/^\d+$/.test(raw))
      throw new PostgrestFailure(400, 'PGRST100', `"failed to parse ${key} parameter (${raw})"`);
    parts.push(`${key} ${raw}`);
  }
  return parts.join(' ');
}
