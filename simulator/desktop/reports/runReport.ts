import type { CompanyFile } from '../CompanyFile.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import { notComputed } from './notComputed.ts';
import { ReportBooks } from './ReportBooks.ts';
import { readReportRequest } from './ReportRequest.ts';
import { ReportSheet } from './ReportSheet.ts';
import { REPORT_TYPES } from './reportTypes.ts';

/**
 * Runs one report on the company file as it is now. `family` is the endpoint's path segment
 * (`general-summary`); the query has passed the spec's validation, so its report type belongs
 * to the family.
 */
export function runReport(file: CompanyFile, family: string, query: Readonly<Record<string, JsonValue>>): JsonObject {
  const category = family.replaceAll('-', '_');
  const reportType = String(query['reportType']);
  const row = REPORT_TYPES[reportType];
  if (!row || row.category !== category) throw notComputed(`the ${reportType} report`);
  const books = new ReportBooks(file);
  const request = readReportRequest(books, category, query, row.defaultMacro);
  if (row.hasBasis && request.basis === 'cash') books.useCashBasis();
  const columnsBy = query['summarizeColumnsBy'];
  if (typeof columnsBy === 'string' && columnsBy !== 'total_only' && !row.takesColumns) throw notComputed(`columns by ${columnsBy} (summarizeColumnsBy)`);
  const sheet = new ReportSheet({ category, reportType, title: row.title, subtitle: row.subtitle(request), basis: row.hasBasis ? request.basis : null });
  row.build(books, request, sheet);
  return sheet.keep(query['detailLevel'], query['columnsToReturn']).toJson();
}
