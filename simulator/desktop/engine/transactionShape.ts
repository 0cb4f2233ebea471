import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { fromCents, toCents } from '../values/money.ts';
import type { GroupLayout, TransactionShape, TypeRow } from '../table/TypeRow.ts';

type FieldPart = Exclude<keyof TransactionShape, 'groups'>;

/** The fields each part may be, across every transaction type; a type's shape keeps those its schema has. */
const CANDIDATES: Readonly<Record<FieldPart, readonly string[]>> = {
  party: ['customer', 'vendor', 'payee', 'entity', 'employee'],
  headerAccount: ['receivablesAccount', 'payablesAccount', 'depositToAccount', 'bankAccount', 'creditCardAccount', 'refundFromAccount', 'account', 'sourceAccount'],
  total: ['totalAmount', 'amount', 'amountDue', 'creditAmount'],
  totalParts: ['subtotal', 'salesTaxTotal'],
  lines: ['lines', 'expenseLines', 'itemLines', 'debitLines', 'creditLines'],
};

/** The fields that may hold groups of lines; a group keeps its lines in the first line field its items have. */
const GROUP_CANDIDATES: readonly string[] = ['lineGroups', 'itemGroupLines'];

const NONE: TransactionShape = { party: [], headerAccount: [], total: [], totalParts: [], lines: [], groups: [] };

/**
 * A type's shape from its schema's fields, with what its row says instead (`TypeRow.shape`); a type
 * that is no transaction has none. `has` answers for a path too, a list's items standing for the
 * list (`lineGroups.lines`): how a group field is told from any other list.
 */
export function transactionShapeOf(row: TypeRow, has: (path: string) => boolean): TransactionShape {
  if (row.kind !== 'transaction') return NONE;
  const pick = (part: FieldPart): readonly string[] => row.shape?.[part] ?? CANDIDATES[part].filter(has);
  const groups = (): GroupLayout[] =>
    GROUP_CANDIDATES.flatMap((field) => {
      const lines = CANDIDATES.lines.find((l) => has(`${field}.${l}`));
      return lines === undefined ? [] : [{ groups: field, lines }];
    });
  return { party: pick('party'), headerAccount: pick('headerAccount'), total: pick('total'), totalParts: pick('totalParts'), lines: pick('lines'), groups: row.shape?.groups ?? groups() };
}

/** The first of the fields that holds a reference, as `{id, fullName}`. */
function firstReference(doc: JsonObject, fields: readonly string[]): JsonObject | undefined {
  for (const field of fields) {
    const value = doc[field];
    if (isJsonObject(value)) return value;
  }
  return undefined;
}

/** The reference to the transaction's party (customer, vendor, payee, employee...), if it names one. */
export const partyOf = (shape: TransactionShape, doc: JsonObject): JsonObject | undefined => firstReference(doc, shape.party);

/** The id of the transaction's party, or null. */
export function partyIdOf(shape: TransactionShape, doc: JsonObject): string | null {
  const id = partyOf(shape, doc)?.['id'];
  return typeof id === 'string' ? id : null;
}

/** Every party id the transaction names in any of its party fields: a filter by name matches any. */
export function partyIdsOf(shape: TransactionShape, doc: JsonObject): string[] {
  return shape.party.flatMap((field) => {
    const value = doc[field];
    return isJsonObject(value) && typeof value['id'] === 'string' ? [value['id']] : [];
  });
}

/** The reference to the account the transaction's total goes to, if it has one. */
export const headerAccountOf = (shape: TransactionShape, doc: JsonObject): JsonObject | undefined => firstReference(doc, shape.headerAccount);

/** The transaction's total as the desktop shows it, or null for a type that keeps none (a journal entry: its postings say). */
export function documentTotalOf(shape: TransactionShape, doc: JsonObject): string | null {
  const field = shape.total.find((f) => typeof doc[f] === 'string');
  if (field !== undefined) return String(doc[field]);
  const parts = shape.totalParts.map((f) => doc[f]).filter((v): v is string => typeof v === 'string');
  return parts.length === 0 ? null : fromCents(parts.reduce((sum, v) => sum + toCents(v), 0));
}

/** Every line of the transaction, its line collections one after the other. */
export function transactionLinesOf(shape: TransactionShape, doc: JsonObject): JsonObject[] {
  return shape.lines.flatMap((field) => {
    const value: JsonValue | undefined = doc[field];
    return Array.isArray(value) ? value.filter(isJsonObject) : [];
  });
}
