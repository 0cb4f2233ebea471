import { paycheckRules, liabilityCheckRules } from '../rules/payrollRules.ts';
import type { TypeRow } from './TypeRow.ts';

/**
 * What the desktop keeps for payroll and budgets, which the Service can read only through reports
 * (decision 14): internal types, seeded in the demo and carried by fixtures. Paychecks and
 * liability checks post like any transaction.
 */
export const PAYROLL_AND_BUDGET_ROWS: readonly TypeRow[] = [
  {
    // A tax or contribution the payroll computes: withheld from the employee's pay, or paid by the company on top of it.
    objectType: 'ldg_payroll_tax_item',
    kind: 'list',
    nameScope: 'ldg_payroll_tax_item',
    internalFields: { taxKind: 'text', ratePercent: 'text', state: 'text', liabilityAccount: 'reference', expenseAccount: 'reference' },
  },
  {
    objectType: 'ldg_paycheck',
    kind: 'transaction',
    posting: 'paycheck',
    rules: paycheckRules,
    internalFields: {
      employee: 'reference',
      bankAccount: 'reference',
      class: 'reference',
      transactionDate: 'text',
      refNumber: 'text',
      payPeriodStartDate: 'text',
      payPeriodEndDate: 'text',
      memo: 'text',
      earnings: { lines: { payrollWageItem: 'reference', hours: 'text', rate: 'text', amount: 'text' } },
      taxes: { lines: { payrollTaxItem: 'reference', wageBase: 'text', amount: 'text' } },
      grossPay: 'text',
      amount: 'text',
    },
  },
  {
    objectType: 'ldg_payroll_liability_check',
    kind: 'transaction',
    posting: 'payrollLiability',
    rules: liabilityCheckRules,
    internalFields: {
      payee: 'reference',
      bankAccount: 'reference',
      transactionDate: 'text',
      refNumber: 'text',
      memo: 'text',
      lines: { lines: { payrollTaxItem: 'reference', amount: 'text' } },
      amount: 'text',
    },
  },
  {
    // Amounts by account (and class or customer) and month for one fiscal year, on each account's natural side.
    objectType: 'ldg_budget',
    kind: 'list',
    nameScope: 'ldg_budget',
    internalFields: {
      fiscalYear: 'text',
      budgetType: 'text',
      budgetCriterion: 'text',
      lines: { lines: { account: 'reference', class: 'reference', customer: 'reference', month: 'text', amount: 'text' } },
    },
  },
];
