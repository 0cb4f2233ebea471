import { describe, expect, it } from 'vitest';
import { DesktopHost } from '../../simulator/desktop/DesktopHost.ts';
import { SimClock } from '../../simulator/desktop/clock.ts';
import { buildTypeRegistry } from '../../simulator/desktop/engine/checkTypeTable.ts';
import { runReport } from '../../simulator/desktop/reports/runReport.ts';
import { TYPE_TABLE } from '../../simulator/desktop/table/typeTable.ts';
import type { JsonValue } from '../../simulator/desktop/values/json.ts';
import { RequestInputError } from '../../simulator/desktop/values/RequestInputError.ts';
import { seedCompanyFile } from '../../simulator/fixtures/seedCompanyFile.ts';
import { loadServiceSpec } from '../../simulator/spec/serviceSpec.ts';

/**
 * Every row and column value of the custom reports (and of a profit and loss's columns) on the
 * bench's large company file (about 205,000 transactions): each answered with a body the spec
 * allows, or refused by design (too many columns or rows). The time of each is printed, not held
 * to a bound: on 2 shared cores it says more about the neighbours than about the report (the
 * bench measures on a quiet machine). Minutes, most of it seeding: `npm run test:large-reports`.
 */
const LARGE = process.env['LARGE_REPORTS'] === '1';
const SIZES = { customers: 10_000, invoices: 80_000, 'sales-receipts': 20_000, bills: 20_000, checks: 10_000, 'journal-entries': 5_000, paychecks: 2_000 };

describe.skipIf(!LARGE)(`every custom report axis on a large company file (${LARGE ? JSON.stringify(SIZES) : 'skipped: run npm run test:large-reports'})`, () => {
  it('answers every summarizeRowsBy and summarizeColumnsBy value over the whole history and over a month', async () => {
    const { operations, validators } = await loadServiceSpec();
    const types = buildTypeRegistry(TYPE_TABLE, operations);
    const file = new DesktopHost({ dataDir: undefined, clock: new SimClock(() => Date.UTC(2025, 6, 1)), types }).application('large').file;
    seedCompanyFile(file, { seed: 1, sizes: SIZES });
    const enumOf = (operationId: string, name: string): string[] => (operations.get(operationId)?.parameters.find((p) => p.name === name)?.schema.enum ?? []).map(String);
    const asks: [string, string, Record<string, JsonValue>][] = [
      ...enumOf('reports.customSummary', 'summarizeRowsBy').map((v): [string, string, Record<string, JsonValue>] => ['reports.customSummary', 'custom-summary', { reportType: 'custom_summary', summarizeRowsBy: v, summarizeColumnsBy: 'total_only' }]),
      ...enumOf('reports.customSummary', 'summarizeColumnsBy').map((v): [string, string, Record<string, JsonValue>] => ['reports.customSummary', 'custom-summary', { reportType: 'custom_summary', summarizeRowsBy: 'terms', summarizeColumnsBy: v }]),
      ...enumOf('reports.customSummary', 'summarizeColumnsBy').map((v): [string, string, Record<string, JsonValue>] => ['reports.generalSummary', 'general-summary', { reportType: 'profit_and_loss_standard', summarizeColumnsBy: v }]),
      ...enumOf('reports.customDetail', 'summarizeRowsBy').map((v): [string, string, Record<string, JsonValue>] => ['reports.customDetail', 'custom-detail', { reportType: 'custom_transaction_detail', summarizeRowsBy: v, includeColumns: ['date', 'account', 'amount'] }]),
    ];
    const problems: string[] = [];
    const timings: string[] = [];
    for (const [operationId, family, asked] of asks) {
      for (const period of ['all', 'last_month']) {
        const query: Record<string, JsonValue> = { ...asked, reportDateMacro: period };
        const validate = validators.get(operationId);
        if (!validate?.query(query)) {
          problems.push(`${JSON.stringify(query)}: the test's own query is refused: ${JSON.stringify(validate?.query.errors)}`);
          continue;
        }
        const started = performance.now();
        let answer = 'answered';
        try {
          const report = runReport(file, family, query);
          if (!validate?.response?.(report)) problems.push(`${JSON.stringify(asked)} ${period}: ${JSON.stringify(validate?.response?.errors?.slice(0, 2))}`);
        } catch (error) {
          if (!(error instanceof RequestInputError)) problems.push(`${JSON.stringify(asked)} ${period}: ${String(error).slice(0, 200)}`);
          answer = `refused: ${error instanceof RequestInputError ? error.message.slice(0, 60) : ''}`;
        }
        const ms = performance.now() - started;
        timings.push(`${Math.round(ms).toString().padStart(6)} ms ${family} ${Object.values(asked).slice(1, 3).join(' x ')} ${period} ${answer}`);
        process.stdout.write(`${timings.at(-1)}\n`);
      }
    }
    expect(problems).toEqual([]);
  }, 3_600_000);
});
