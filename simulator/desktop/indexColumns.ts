import type { IndexColumns } from './CompanyFileStore.ts';
import { parseDesktopTime } from './desktopTime.ts';
import { isJsonObject, type JsonObject, type JsonValue } from './json.ts';
import { toCents } from './money.ts';
import type { ObjectRules } from './ObjectRules.ts';

function text(value: JsonValue | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

export function refId(value: JsonValue | undefined): string | null {
  return isJsonObject(value) ? text(value['id']) : null;
}

/** The index columns of a stored object: the generic reading, then the type's own additions. */
export function indexColumnsOf(rules: ObjectRules, doc: JsonObject): IndexColumns {
  const balance = text(doc['totalBalance']) ?? text(doc['balanceRemaining']);
  const generic: IndexColumns = {
    name: text(doc['fullName']) ?? text(doc['name']),
    ref_number: text(doc['refNumber']),
    is_active: doc['isActive'] === false ? 0 : 1,
    updated_at: parseDesktopTime(String(doc['updatedAt'])),
    txn_date: text(doc['transactionDate']),
    entity_id: refId(doc['customer']),
    account_id: refId(doc['receivablesAccount']),
    class_id: refId(doc['class']),
    currency_id: refId(doc['currency']),
    parent_id: refId(doc['parent']),
    is_paid: typeof doc['isPaid'] === 'boolean' ? Number(doc['isPaid']) : null,
    balance_cents: balance === null ? null : toCents(balance),
  };
  return { ...generic, ...rules.columns?.(doc) };
}
