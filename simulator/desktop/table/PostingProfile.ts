/**
 * How a transaction type turns into debits and credits: a row of the type table names one of
 * these (decision 13); `books/postingProfiles.ts` turns each into postings that sum to zero.
 * - `sale`: the header account against each line's income account and sales tax. The header is
 *   receivables on the customer's side (an invoice), or the account the money went to (a sales
 *   receipt: undeposited funds unless it names another);
 * - `credit`: a sale the other way round (a credit memo): what the customer owes goes down;
 * - `payment`: the deposit account against receivables, plus the discount taken, if one is;
 * - `deposit`: the bank account against where each line's money was (undeposited funds for a
 *   payment), less the cash kept back, which goes to its own account; a line on receivables or
 *   payables moves its customer's or vendor's balance, as a journal line does;
 * - `purchase`: each expense line's account and each item line's asset or expense account
 *   against payables on the vendor's side (a bill, an item receipt), or against the bank or card
 *   account that paid (a check, a credit card charge);
 * - `purchaseCredit`: a purchase the other way round (a vendor credit, a credit card credit);
 * - `billPayment`: payables on the vendor's side against the bank or card account the money came
 *   from, plus the discount taken, if one is;
 * - `refund`: receivables on the customer's side (its credit given back) against the account the
 *   refund was paid from;
 * - `journal`: each debit line and each credit line to its account as entered; a line on
 *   receivables or payables moves its customer's or vendor's balance;
 * - `transfer`: the amount out of the source account and into the target account;
 * - `inventoryAdjustment`: each line's value and quantity on its item's asset account, against the
 *   adjustment account (`inventoryAdjustments.ts`);
 * - `build`: the components' cost and quantities out of stock, the assembly in at that cost
 *   (`buildAssemblies.ts`);
 * - `salesTaxPayment`: sales tax payable against the bank account the check was written on;
 * - `paycheck`, `payrollLiability`: wages and payroll taxes against the bank and the payroll
 *   liabilities, and those liabilities paid (`payrollPostings.ts`).
 */
export type PostingProfile =
  | 'sale'
  | 'credit'
  | 'payment'
  | 'deposit'
  | 'purchase'
  | 'purchaseCredit'
  | 'billPayment'
  | 'refund'
  | 'journal'
  | 'transfer'
  | 'inventoryAdjustment'
  | 'build'
  | 'salesTaxPayment'
  | 'paycheck'
  | 'payrollLiability';
