import { balanceSheet, profitAndLoss, statementSubtitle, trialBalance } from './financialStatements.ts';
import { generalLedger } from './generalLedger.ts';
import type { ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';

/** A report type: which endpoint runs it, its title, and the function that lays out its rows. */
export interface ReportTypeRow {
  /** The `category` of its answer: the endpoint's path segment with underscores. */
  category: string;
  title: string;
  /** The period when the request names no dates, as the desktop application opens the report. */
  defaultMacro: string;
  /** Whether accrual or cash changes the report; a report without a basis answers `basis: null`. */
  hasBasis: boolean;
  subtitle(request: ReportRequest): string;
  build(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void;
}

/**
 * The report types ledger-sim computes, by `reportType`. A type the catalog lists and this table
 * does not is answered with a desktop error that says so (`test/everyReport.test.ts` lists them).
 */
export const REPORT_TYPES: Readonly<Record<string, ReportTypeRow>> = {
  profit_and_loss_standard: {
    category: 'general_summary',
    title: 'Profit & Loss',
    defaultMacro: 'this_month_to_date',
    hasBasis: true,
    subtitle: statementSubtitle.period,
    build: profitAndLoss,
  },
  balance_sheet_standard: {
    category: 'general_summary',
    title: 'Balance Sheet',
    defaultMacro: 'this_month_to_date',
    hasBasis: true,
    subtitle: statementSubtitle.asOf,
    build: (books, request, sheet) => balanceSheet(books, request, sheet, false),
  },
  balance_sheet_summary: {
    category: 'general_summary',
    title: 'Summary Balance Sheet',
    defaultMacro: 'this_month_to_date',
    hasBasis: true,
    subtitle: statementSubtitle.asOf,
    build: (books, request, sheet) => balanceSheet(books, request, sheet, true),
  },
  trial_balance: {
    category: 'general_summary',
    title: 'Trial Balance',
    defaultMacro: 'this_month_to_date',
    hasBasis: true,
    subtitle: statementSubtitle.asOf,
    build: trialBalance,
  },
  general_ledger: {
    category: 'general_detail',
    title: 'General Ledger',
    defaultMacro: 'this_month_to_date',
    hasBasis: true,
    subtitle: statementSubtitle.period,
    build: generalLedger,
  },
};
