import type { CompanyFile } from '../CompanyFile.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import { notComputed, notOffered } from './notComputed.ts';
import { ReportBooks } from './ReportBooks.ts';
import { readReportRequest } from './ReportRequest.ts';
import { MAX_ROWS, ReportSheet, TooManyRows } from './ReportSheet.ts';
import { RequestInputError } from '../values/RequestInputError.ts';
import { REPORT_TYPES } from './reportTypes.ts';

/**
 * Runs one report on the company file as it is now. `family` is the endpoint's path segment
 * (`general-summary`); the query has passed the spec's validation, so its report type belongs
 * to the family.
 */
export function runReport(file: CompanyFile, family: string, query: Readonly<Record<string, JsonValue>>): JsonObject {
  return buildReport(file, family, query).toJson();
}

/** `runReport`'s sheet, laid out as the request keeps it: what the Service's JSON is written from (`ReportSheet.jsonParts`). */
export function buildReport(file: CompanyFile, family: string, query: Readonly<Record<string, JsonValue>>): ReportSheet {
  const category = family.replaceAll('-', '_');
  const reportType = String(query['reportType']);
  const row = REPORT_TYPES[reportType];
  if (!row || row.category !== category) throw notComputed(`the ${reportType} report`);
  const books = new ReportBooks(file);
  const request = readReportRequest(books, category, query, row.defaultMacro);
  if (row.hasBasis && request.basis === 'cash') books.ledger.useCashBasis();
  const columnsBy = query['summarizeColumnsBy'];
  if (typeof columnsBy === 'string' && columnsBy !== 'total_only' && !row.takesColumns) {
    throw row.fixedColumns ? notOffered(`columns by ${columnsBy} (summarizeColumnsBy) on the ${row.title} report`, row.fixedColumns) : notComputed(`columns by ${columnsBy} (summarizeColumnsBy)`);
  }
  const sheet = new ReportSheet({ category, reportType, title: row.title, subtitle: row.subtitle(request), basis: row.hasBasis ? request.basis : null });
  try {
    row.build(books, request, sheet);
  } catch (error) {
    throw error instanceof TooManyRows ? tooManyRows(query, error) : error;
  }
  return sheet.keep(query['detailLevel'], query['columnsToReturn']);
}

/** The refusal of a report past MAX_ROWS, named after the period the request gave: the first thing to narrow. */
export function tooManyRows(query: Readonly<Record<string, JsonValue>>, error: TooManyRows): RequestInputError {
  const period = ['reportDateMacro', 'reportDateFrom', 'reportDateTo'].find((p) => query[p] !== undefined) ?? 'reportDateMacro';
  return new RequestInputError(period, `the report would have at least ${error.rows} rows, more than ${MAX_ROWS}; ask for a shorter period (reportDateFrom, reportDateTo) or filter it (by account, name, item, class or transaction type)`);
}
