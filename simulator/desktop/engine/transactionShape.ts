import { isJsonObject, type JsonObject, type JsonValue } from '../json.ts';
import { fromCents, toCents } from '../money.ts';
import type { TransactionShape, TypeRow } from '../types/TypeRow.ts';

/** The fields each part may be, across every transaction type; a type's shape keeps those its schema has. */
const CANDIDATES: Readonly<Record<keyof TransactionShape, readonly string[]>> = {
  party: ['customer', 'vendor', 'payee', 'entity', 'employee'],
  headerAccount: ['receivablesAccount', 'payablesAccount', 'depositToAccount', 'bankAccount', 'creditCardAccount', 'refundFromAccount', 'account', 'sourceAccount'],
  total: ['totalAmount', 'amount', 'amountDue', 'creditAmount'],
  totalParts: ['subtotal', 'salesTaxTotal'],
  lines: ['lines', 'expenseLines', 'itemLines', 'debitLines', 'creditLines'],
};

const NONE: TransactionShape = { party: [], headerAccount: [], total: [], totalParts: [], lines: [] };

/** A type's shape from its schema's fields, with what its row says instead (`TypeRow.shape`); a type that is no transaction has none. */
export function transactionShapeOf(row: TypeRow, has: (field: string) => boolean): TransactionShape {
  if (row.kind !== 'transaction') return NONE;
  const pick = (part: keyof TransactionShape): readonly string[] => row.shape?.[part] ?? CANDIDATES[part].filter(has);
  return { party: pick('party'), headerAccount: pick('headerAccount'), total: pick('total'), totalParts: pick('totalParts'), lines: pick('lines') };
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
