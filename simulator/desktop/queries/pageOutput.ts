import { parseDoc, type PageRow } from '../storage/CompanyFileStore.ts';
import { OUTPUT_OPTIONS } from '../storage/queryFilters.ts';
import type { TransactionShape } from '../table/TypeRow.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import type { QueryParams } from './queryPages.ts';

/** The output options of a query (OUTPUT_OPTIONS): what a walk keeps beside its cursor, so every page is shaped alike. */
export function outputOf(params: QueryParams): Record<string, JsonValue> {
  return Object.fromEntries(Object.entries(params).filter(([k]) => OUTPUT_OPTIONS.has(k)));
}

/**
 * Stored objects are sent as stored; only the output options cost a parse, and only for objects
 * they change.
 */
export function shapeForOutput(row: PageRow, output: Readonly<Record<string, unknown>>, shape: Pick<TransactionShape, 'lines' | 'groups'>): Buffer {
  const withLinked = output['includeLinkedTransactions'] === true && row.linked !== null;
  // A build's component lines are its lines: the builds list names the option after them.
  const withoutLines = output['includeLineItems'] === false || output['includeComponentLineItems'] === false;
  const withoutAlternates = output['excludeAlternateShippingAddresses'] === true;
  if (!withLinked && !withoutLines && !withoutAlternates) return row.doc;
  const doc = parseDoc<JsonObject>(row.doc);
  if (withLinked) doc['linkedTransactions'] = JSON.parse(row.linked ?? '[]') as JsonValue;
  // Every line collection of the type, and its groups of lines (a bill's expense, item and item group lines).
  if (withoutLines) for (const field of [...shape.lines, ...shape.groups.map((g) => g.groups)]) if (Array.isArray(doc[field])) doc[field] = [];
  // The spec: left out, the field is null (an empty list would claim the customer has none).
  if (withoutAlternates && 'alternateShippingAddresses' in doc) doc['alternateShippingAddresses'] = null;
  return Buffer.from(JSON.stringify(doc), 'utf8');
}
