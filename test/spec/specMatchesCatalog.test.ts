import fs from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG } from '../../scripts/spec/generateSpec.ts';
import { DEFAULT_SPEC } from '../../contract-tests/runner/contractCommand.ts';
import { compareSchemas, type Schema } from './schemaFacts.ts';

// The catalog lives beside the project (../shared), never inside it: without it there is nothing to compare.
const catalogPath = process.env['LEDGER_SIM_CATALOG'] ?? DEFAULT_CATALOG;
const haveCatalog = fs.existsSync(catalogPath);

type Operation = { operationId?: string; parameters?: Schema[]; requestBody?: Schema; responses?: Record<string, Schema> };
type Doc = { paths: Record<string, Record<string, Operation>> };

const jsonSchema = (holder: Schema | undefined): Schema | undefined =>
  ((holder?.['content'] as Record<string, Schema> | undefined)?.['application/json']?.['schema'] as Schema | undefined) ?? undefined;

let ours: Doc;
let catalog: Doc;

describe.skipIf(!haveCatalog)(`our spec against the reference catalog (${haveCatalog ? catalogPath : 'not found: set LEDGER_SIM_CATALOG'})`, () => {
  beforeAll(async () => {
    ours = (await new SwaggerParser().dereference(DEFAULT_SPEC)) as unknown as Doc;
    catalog = (await new SwaggerParser().dereference(catalogPath)) as unknown as Doc;
  }, 60_000);

  const served = (): [string, string, Operation][] =>
    Object.entries(ours.paths)
      .filter(([path]) => path.startsWith('/ledger-desktop/') && path !== '/ledger-desktop/health-check')
      .flatMap(([path, item]) => Object.entries(item).filter(([method]) => ['get', 'post'].includes(method)).map(([method, op]): [string, string, Operation] => [path, method, op]));

  it('serves only operations the catalog has, at the same paths', () => {
    const missing = served().filter(([path, method]) => !catalog.paths[path]?.[method]).map(([path, method]) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
    expect(served().length).toBeGreaterThanOrEqual(80);
  });

  it('has the object schemas of the catalog: names, types, formats, enums, required, nullable, lengths', () => {
    const differences: string[] = [];
    for (const [path, method, op] of served()) {
      const real = catalog.paths[path]?.[method];
      const name = op.operationId ?? `${method} ${path}`;
      const mine = jsonSchema(op.responses?.['200']);
      const theirs = jsonSchema(real?.responses?.['200']);
      if (mine && theirs) compareSchemas(mine, theirs, `${name} response`, differences);
      const body = jsonSchema(op.requestBody);
      const realBody = jsonSchema(real?.requestBody);
      if (body || realBody) compareSchemas(body ?? {}, realBody ?? {}, `${name} request`, differences);
    }
    expect(differences).toEqual([]);
  });

  it('takes every parameter the catalog lists, with the same facts', () => {
    const differences: string[] = [];
    for (const [path, method, op] of served()) {
      const real = catalog.paths[path]?.[method];
      const mine = new Map((op.parameters ?? []).map((p) => [`${String(p['in'])}:${String(p['name']).toLowerCase()}`, p]));
      for (const param of real?.parameters ?? []) {
        const key = `${String(param['in'])}:${String(param['name']).toLowerCase()}`;
        const found = mine.get(key);
        if (!found) differences.push(`${op.operationId}: no ${key}`);
        else compareSchemas((found['schema'] ?? {}) as Schema, (param['schema'] ?? {}) as Schema, `${op.operationId} ${key}`, differences);
        if (found && (found['required'] === true) !== (param['required'] === true)) differences.push(`${op.operationId} ${key}: required differs`);
      }
    }
    expect(differences).toEqual([]);
  });
});
