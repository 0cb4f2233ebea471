import type { IndexColumns } from '../storage/CompanyFileStore.ts';
import { parseDesktopTime } from '../values/desktopTime.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import { toCents } from '../values/money.ts';
import type { TypeModel } from './TypeModel.ts';

function text(value: JsonValue | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

/** The name an object is listed and found by: its full name, its name, or the row's own name field. */
export function nameOf(model: TypeModel, doc: JsonObject): string | null {
  const field = model.row.nameField;
  if (field) return text(doc[field]);
  return text(doc['fullName']) ?? text(doc['name']);
}

/** The indexed columns of a stored object, read by the row's traits; filters are written against these. */
export function indexColumnsOf(model: TypeModel, doc: JsonObject): IndexColumns {
  const { row } = model;
  const balance = row.balance ? text(doc[row.balance]) : null;
  const tag = typeof row.tag === 'function' ? row.tag(doc) : row.tag ? text(doc[row.tag]) : null;
  const updated = text(doc['updatedAt']);
  return {
    name: nameOf(model, doc),
    ref_number: text(doc['refNumber']),
    is_active: doc['isActive'] === false ? 0 : 1,
    updated_at: updated === null ? 0 : parseDesktopTime(updated),
    txn_date: text(doc['transactionDate']),
    tag,
    is_paid: typeof doc['isPaid'] === 'boolean' ? Number(doc['isPaid']) : null,
    balance_cents: balance === null ? null : toCents(balance),
  };
}
