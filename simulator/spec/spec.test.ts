import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { handlerTable } from '../service/serveOperations.ts';
import { compileValidators } from './compileValidators.ts';
import { indexOperations } from './indexOperations.ts';
import { DEFAULT_SPEC_PATH, loadSpec } from './loadSpec.ts';
import { buildTypeRegistry } from '../desktop/engine/checkTypeTable.ts';
import { TYPE_TABLE } from '../desktop/table/typeTable.ts';
import { resourceSchemas } from './resourceSchemas.ts';

describe('the spec', () => {
  it('validates as OpenAPI 3.1 with swagger-parser', async () => {
    await expect(SwaggerParser.validate(DEFAULT_SPEC_PATH)).resolves.toBeTruthy();
  });

  it('gives every operation an operationId and a handler (apiRouter.test.ts: a route)', async () => {
    const operations = indexOperations(await loadSpec());
    expect(operations.size).toBeGreaterThanOrEqual(14);
    const handlers = handlerTable(operations.values());
    for (const op of operations.values()) expect(handlers.has(op.operationId)).toBe(true);
  });

  it('compiles every request and response schema under strict ajv', async () => {
    const operations = indexOperations(await loadSpec());
    // Kept in a folder of its own, so that every schema is compiled here, none loaded as code kept before.
    const keptIn = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-spec-validators-'));
    const validators = compileValidators(operations, keptIn);
    try {
    for (const op of operations.values()) {
      expect(validators.get(op.operationId)?.error, `${op.operationId} declares the error response`).toBeDefined();
      expect(validators.get(op.operationId)?.response, `${op.operationId} declares a 200 body`).toBeDefined();
      // Compiled lazily in the server: here every one is compiled, so a schema strict ajv refuses fails now.
      const v = validators.get(op.operationId);
      expect([v?.query, v?.headers, v?.path].every((f) => typeof f === 'function')).toBe(true);
      expect(v?.body === undefined, `${op.operationId} body`).toBe(op.requestBody === undefined);
    }
    } finally {
      fs.rmSync(keptIn, { recursive: true, force: true });
    }
  });

  it('pages exactly the lists that take a cursor, with limit 1..150 defaulting to 150', async () => {
    const operations = indexOperations(await loadSpec());
    const paged = [...operations.values()].filter((op) => op.paginated).map((op) => op.operationId).sort();
    // The lists the Service pages are the ones whose catalog GET takes a cursor; every other list comes whole.
    expect(paged).toEqual(
      [
        'billCheckPayments', 'billCreditCardPayments', 'bills', 'buildAssemblies', 'checks', 'creditCardCharges', 'creditCardCredits', 'creditCardRefunds', 'creditMemos', 'customers', 'deposits', 'discountItems', 'estimates', 'inventoryAssemblyItems', 'inventoryItems', 'invoices', 'itemGroups', 'itemReceipts', 'itemSites', 'journalEntries',
        'nonInventoryItems', 'otherChargeItems', 'payrollWageItems', 'purchaseOrders', 'receivePayments', 'salesOrders', 'salesReceipts', 'salesTaxGroupItems',
        'salesTaxItems', 'salesTaxPaymentChecks', 'serviceItems', 'subtotalItems', 'timeTrackingActivities', 'transactions', 'transfers', 'vendorCredits', 'vendors',
      ].map((r) => `${r}.list`),
    );
    for (const op of operations.values()) {
      if (!op.paginated) continue;
      const limit = op.parameters.find((p) => p.name === 'limit')?.schema;
      expect(limit).toMatchObject({ minimum: 1, maximum: 150, default: 150 });
      const envelope = op.responseBody?.allOf?.[0]?.required;
      expect(envelope).toEqual(expect.arrayContaining(['objectType', 'url', 'data', 'nextCursor', 'remainingCount', 'hasMore']));
    }
  });

  it('gives every resource of the spec a row of the type table, and the table fits the spec', async () => {
    const operations = indexOperations(await loadSpec());
    const registry = buildTypeRegistry(TYPE_TABLE, operations);
    for (const resource of resourceSchemas(operations).keys()) expect(registry.forResource(resource), resource).toBeDefined();
    expect([...resourceSchemas(operations).keys()]).toHaveLength(61);
  });
});
