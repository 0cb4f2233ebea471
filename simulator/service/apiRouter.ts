import type { NextFunction, Request, Response, Router } from 'express';
import type { OperationSpec } from '../spec/types.ts';
import { tableRouter } from './routeTable.ts';

export type OperationHandler = (op: OperationSpec, req: Request, res: Response, next: NextFunction) => void;

/** `ledger_desktop`, as older clients spell it, is `ledger-desktop`. */
const OLD_SPELLING = '/ledger_desktop/';
const respell = (path: string): string => (path.startsWith(OLD_SPELLING) ? `/ledger-desktop/${path.slice(OLD_SPELLING.length)}` : path);

/** `/v1` routed by the spec: each operation is a route of its path and method. */
export function apiRouter(operations: Iterable<OperationSpec>, serve: OperationHandler): Router {
  const routes = [...operations].map((op) => ({ method: op.method, path: op.path, handle: (req: Request, res: Response, next: NextFunction) => serve(op, req, res, next) }));
  return tableRouter(routes, '/v1', { respell });
}
