import type { TransactionShape } from '../table/TypeRow.ts';
import type { SaleTaxFacts } from '../storage/SaleTaxes.ts';
import type { JsonObject } from '../values/json.ts';
import { toCents } from '../values/money.ts';
import { linesWithGroupsOf } from './documentLines.ts';
import { refId } from './refId.ts';

/** How a sale of each posting profile counts in the sales tax reports: a credit memo takes away. */
export const SALE_TAX_SIGN: Readonly<Record<string, 1 | -1>> = { sale: 1, credit: -1 };

const cents = (value: unknown): number => toCents(typeof value === 'string' ? value : null);

/** What a sale says of sales tax, signed as it counts: its item, subtotal, tax, and its lines (groups' too) by sales tax code. */
export function saleTaxFactsOf(shape: TransactionShape, doc: JsonObject, sign: 1 | -1): SaleTaxFacts {
  const byCode = new Map<string, number>();
  for (const line of linesWithGroupsOf(shape, 'lines', doc)) {
    const code = refId(line['salesTaxCode']) ?? '';
    byCode.set(code, (byCode.get(code) ?? 0) + sign * cents(line['amount']));
  }
  return { taxItem: refId(doc['salesTaxItem']) ?? '', subtotalCents: sign * cents(doc['subtotal']), taxCents: sign * cents(doc['salesTaxTotal']), byCode };
}

