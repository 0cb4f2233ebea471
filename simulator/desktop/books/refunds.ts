import { sumCents } from '../values/money.ts';
import type { LinkBook } from '../storage/LinkBook.ts';

/** What a refund can give back: a credit memo's credit remaining, or a payment's unused part. */
export const REFUNDABLE_TYPES = ['ldg_credit_memo', 'ldg_receive_payment'] as const;
export type RefundableType = (typeof REFUNDABLE_TYPES)[number];

const refundable = new Set<string>(REFUNDABLE_TYPES);

/** What a refund gives back in all, in cents, as the links it owns say (none once voided): what its books post. */
export function refundedCents(links: Pick<LinkBook, 'ownedBy'>, refundId: string): number {
  return sumCents(
    links
      .ownedBy(refundId)
      .filter((link) => refundable.has(link.fromType))
      .map((link) => link.cents),
    'The amount refunded',
  );
}
