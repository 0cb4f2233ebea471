import { refId } from '../books/refId.ts';
import { stringOrNull, type JsonObject, type JsonValue } from '../values/json.ts';
import { toCents } from '../values/money.ts';
import type { RulesContext } from '../table/TypeRules.ts';

/** Whether a bill or credit passes the list's optional filters: payables account, due date, currencies. */
function selected(doc: JsonObject, params: Readonly<Record<string, JsonValue>>, dueField: string | null): boolean {
  const account = stringOrNull(params['payablesAccountId']);
  if (account !== null && refId(doc['payablesAccount']) !== account) return false;
  const due = stringOrNull(params['dueDate']);
  if (due !== null && dueField !== null && String(doc[dueField] ?? doc['transactionDate']) > due) return false;
  const currencies = params['currencyIds'];
  if (Array.isArray(currencies) && currencies.length > 0 && !currencies.includes(refId(doc['currency']) ?? '')) return false;
  return true;
}

const byDate = (a: JsonObject, b: JsonObject): number => String(a['transactionDate']).localeCompare(String(b['transactionDate'])) || String(a['id']).localeCompare(String(b['id']));

/**
 * What the company can pay a vendor with and what it has to pay, as the desktop's pay-bills window
 * shows it: the vendor's bills with something open (due on or before `dueDate`, when sent), then
 * its vendor credits with something left to apply. Worked out when read: the Service's bills-to-pay.
 */
export function billsToPay(ctx: RulesContext, params: Readonly<Record<string, JsonValue>>): JsonObject[] {
  const vendor = stringOrNull(params['vendorId']);
  if (vendor === null) return [];
  const open = (type: string, dueField: string | null): JsonObject[] =>
    ctx
      .referencing(type, 'vendor', vendor)
      .filter((doc) => toCents(stringOrNull(doc['openAmount'])) > 0 && selected(doc, params, dueField))
      .sort(byDate);
  const bills = open('ldg_bill', 'dueDate').map((bill) => ({
    bill: {
      billId: String(bill['id']),
      transactionType: 'bill',
      payablesAccount: bill['payablesAccount'] ?? { id: null, fullName: null },
      transactionDate: bill['transactionDate'] ?? null,
      refNumber: bill['refNumber'] ?? null,
      dueDate: bill['dueDate'] ?? null,
      amountDue: bill['openAmount'] ?? '0.00',
      currency: bill['currency'] ?? null,
      exchangeRate: bill['exchangeRate'] ?? null,
      amountDueInHomeCurrency: bill['openAmount'] ?? null,
    },
    credit: null,
  }));
  const credits = open('ldg_vendor_credit', null).map((credit) => ({
    bill: null,
    credit: {
      creditTransactionId: String(credit['id']),
      transactionType: 'vendor_credit',
      payablesAccount: credit['payablesAccount'] ?? { id: null, fullName: null },
      transactionDate: credit['transactionDate'] ?? null,
      refNumber: credit['refNumber'] ?? null,
      creditRemaining: credit['openAmount'] ?? '0.00',
      currency: credit['currency'] ?? null,
      exchangeRate: credit['exchangeRate'] ?? null,
      creditRemainingInHomeCurrency: credit['openAmount'] ?? null,
    },
  }));
  return [...bills, ...credits];
}
