import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

const LAYER_RULES = new Set(['@typescript-eslint/no-restricted-imports', 'no-restricted-imports', 'no-restricted-syntax']);

/** The layer rules' messages for a file at `file` holding `code` (nothing is written to disk). */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId !== null && LAYER_RULES.has(m.ruleId)).map((m) => m.message);
}

const uses = (spec: string, name: string): string => `import { ${name} } from '${spec}';\nexport const used = [${name}];\n`;
/** SQL run on the database handle, its type named by a type-only import (which is allowed anywhere). */
const writesSql = "import type Database from 'better-sqlite3';\nexport const first = (db: Database.Database): unknown => db.prepare('SELECT MIN(posted_on) FROM postings').get();\n";

describe('the layers inside the desktop hold by lint (decision 15)', () => {
  it.each([
    ['storage/ reading the books', 'simulator/desktop/storage/probe.ts', uses('../books/refId.ts', 'refId'), /storage\/ keeps the company file/],
    ['books/ reading a rule', 'simulator/desktop/books/probe.ts', uses('../rules/paymentRules.ts', 'paymentRules'), /books\/ keeps the books/],
    ['books/ reading the type table', 'simulator/desktop/books/probe.ts', uses('../table/typeTable.ts', 'TYPE_TABLE'), /books\/ keeps the books/],
    ['books/ reading a report', 'simulator/desktop/books/probe.ts', uses('../reports/runReport.ts', 'runReport'), /books\/ keeps the books/],
    ['engine/ reading the books', 'simulator/desktop/engine/probe.ts', uses('../books/refId.ts', 'refId'), /engine\/ reads the type table/],
    ['views/ reading a rule', 'simulator/desktop/views/probe.ts', uses('../rules/paymentRules.ts', 'paymentRules'), /views\/ read the books/],
    ['a report reading the type table', 'simulator/desktop/reports/probe.ts', uses('../table/typeTable.ts', 'TYPE_TABLE'), /reports\/ read the books/],
    ['a rule reading a report', 'simulator/desktop/rules/probe.ts', uses('../reports/runReport.ts', 'runReport'), /never read reports/],
    ['the type table reading the write pipeline', 'simulator/desktop/table/probe.ts', uses('../removeTransaction.ts', 'voidTransaction'), /never read reports or the write pipeline/],
    ['engine/ reading the list queries', 'simulator/desktop/engine/probe.ts', uses('../queries/QueryEngine.ts', 'QueryEngine'), /engine\/ reads the type table/],
    ['books/ reading the write pipeline', 'simulator/desktop/books/probe.ts', uses('../removeTransaction.ts', 'deleteTransaction'), /books\/ keeps the books/],
    ['a value helper reading the books', 'simulator/desktop/values/probe.ts', uses('../books/refId.ts', 'refId'), /values\/ \(json, money/],
    ['the desktop reading the Service', 'simulator/desktop/probe.ts', uses('../service/ServiceError.ts', 'ServiceError'), /must not depend on the Service/],
    ['a report writing SQL', 'simulator/desktop/reports/probe.ts', writesSql, /storage\/ is the only code that writes SQL/],
    ['a view opening the database', 'simulator/desktop/views/probe.ts', uses('better-sqlite3', 'Database'), /storage\/ is the only code that writes SQL/],
    ['the contract runner reading drift (decision 24)', 'contract-tests/runner/probe.ts', uses('../drift/groupFindings.ts', 'FindingGroups'), /never depend on drift/],
    ['a check reading drift', 'contract-tests/checks/probe.ts', uses('../drift/driftPlan.ts', 'driftPlan'), /never depend on drift/],
    ['drift reading the simulator', 'contract-tests/drift/probe.ts', uses('../../simulator/Sandbox.ts', 'startSandbox'), /never import the simulator/],
  ])('refuses %s', async (_name, file, code, message) => {
    const errors = await layerErrors(file, code);
    expect(errors.some((m) => message.test(m)), errors.join('\n')).toBe(true);
  });

  it.each([
    ['books/ reading its own and the value helpers', 'simulator/desktop/books/probe.ts', uses('./refId.ts', 'refId') + uses('../money.ts', 'toCents').replace('used', 'alsoUsed')],
    ['books/ naming a rules type (a port)', 'simulator/desktop/books/probe.ts', "import type { RulesContext } from '../table/TypeRules.ts';\nexport type Port = RulesContext;\n"],
    ['a rule reading the books', 'simulator/desktop/rules/probe.ts', uses('../books/refId.ts', 'refId')],
    ['engine/ reading the filters in storage/', 'simulator/desktop/engine/probe.ts', uses('../storage/queryFilters.ts', 'FILTERS')],
    ['a report reading the books and a view', 'simulator/desktop/reports/probe.ts', uses('../books/refId.ts', 'refId') + uses('../views/transactionsList.ts', 'transactionSummary').replace('used', 'alsoUsed')],
    ['storage/ writing SQL', 'simulator/desktop/storage/probe.ts', writesSql],
    ['drift reading the runner', 'contract-tests/drift/probe.ts', uses('../runner/httpClient.ts', 'HttpClient')],
  ])('allows %s', async (_name, file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
