import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexOperations } from '../spec/indexOperations.ts';
import { loadSpec } from '../spec/loadSpec.ts';
import type { OperationSpec } from '../spec/types.ts';
import { apiRouter } from './apiRouter.ts';
import { routeNotFound } from './routeTable.ts';
import { ServiceError } from './ServiceError.ts';

// The router alone, over plain HTTP: each operation answers its own id, refusals their code and message.
let operations: Map<string, OperationSpec>;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  operations = indexOperations(await loadSpec());
  const app = express();
  app.set('case sensitive routing', true);
  app.use('/v1', apiRouter(operations.values(), (op, req, res) => res.json({ operationId: op.operationId, params: req.params })));
  app.use(routeNotFound);
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (!(error instanceof ServiceError)) throw error;
    res.status(error.status).json({ code: error.code, message: error.message });
  });
  server = http.createServer(app).listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function ask(method: string, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${origin}${path}`, { method });
  return { status: res.status, body: method === 'HEAD' ? {} : ((await res.json()) as Record<string, unknown>) };
}

describe('the /v1 router', () => {
  it('routes every operation of the spec to itself, under both spellings of ledger-desktop', async () => {
    for (const op of operations.values()) {
      const concrete = op.path.replace(/\{(\w+)\}/g, '80000001-1700000000');
      expect((await ask(op.method.toUpperCase(), `/v1${concrete}`)).body['operationId']).toBe(op.operationId);
      if (op.path.startsWith('/ledger-desktop/')) {
        const alias = await ask(op.method.toUpperCase(), `/v1${concrete.replace('/ledger-desktop/', '/ledger_desktop/')}`);
        expect(alias.body['operationId']).toBe(op.operationId);
      }
    }
  });

  it('decodes path parameters and takes a trailing slash', async () => {
    const answer = await ask('GET', '/v1/ledger-desktop/customers/80000001%2D1700000000/');
    expect(answer.body).toEqual({ operationId: 'customers.retrieve', params: { id: '80000001-1700000000' } });
  });

  it('refuses other methods, HEAD included, naming those the path takes', async () => {
    expect(await ask('PUT', '/v1/ledger-desktop/customers')).toEqual({ status: 405, body: { code: 'METHOD_NOT_ALLOWED', message: 'PUT is not allowed on /v1/ledger-desktop/customers; use GET or POST.' } });
    expect((await ask('HEAD', '/v1/ledger-desktop/customers')).status).toBe(405);
  });

  it('answers an unknown path, a wrong case and a path outside /v1 with ROUTE_NOT_FOUND', async () => {
    for (const path of ['/v1/ledger-desktop/nothing', '/v1/Ledger-Desktop/customers', '/elsewhere']) {
      expect(await ask('GET', path)).toEqual({ status: 404, body: { code: 'ROUTE_NOT_FOUND', message: `Unrecognized request URL (GET ${path}).` } });
    }
  });

  it('names the parameter whose percent-encoding is broken', async () => {
    for (const spelling of ['ledger-desktop', 'ledger_desktop']) {
      expect(await ask('GET', `/v1/${spelling}/customers/%zz`)).toEqual({
        status: 400,
        body: { code: 'INVALID_REQUEST', message: 'Invalid request at "id": "%zz" is not valid percent-encoding' },
      });
    }
  });
});
