/** Object types whose `transactionType` is not their own name without `ldg_`: the desktop's older names. */
const TRANSACTION_TYPE_NAMES: Readonly<Record<string, string>> = {
  ldg_bill_check_payment: 'bill_payment_check',
  ldg_bill_credit_card_payment: 'bill_payment_credit_card',
  ldg_credit_card_refund: 'ar_refund_credit_card',
  ldg_time_tracking_activity: 'time_tracking',
};

/** How the Service names a transaction's type in `transactionType` fields and filters (`invoice`, `bill_payment_check`). */
export const transactionTypeOf = (objectType: string): string => TRANSACTION_TYPE_NAMES[objectType] ?? objectType.replace(/^ldg_/, '');
