import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { OperationSpec } from '../spec/types.ts';
import { tableRouter } from './routeTable.ts';

export type OperationHandler = (op: OperationSpec, req: Request, res: Response, next: NextFunction) => void;

/** `ledger_desktop`, as older clients spell it, is `ledger-desktop`. */
const OLD_SPELLING = '/ledger_desktop/';
const spelledAsSpec = (path: string): string => path.replace(`/v1${OLD_SPELLING}`, '/v1/ledger-desktop/');

/** `/v1` routed by the spec: each operation is a route of its path and method. */
export function apiRouter(operations: Iterable<OperationSpec>, serve: OperationHandler): Router {
  const routes = [...operations].map((op) => ({ method: op.method, path: op.path, handle: (req: Request, res: Response, next: NextFunction) => serve(op, req, res, next) }));
  const router = express.Router({ caseSensitive: true });
  router.use((req, _res, next) => {
    if (req.url.startsWith(OLD_SPELLING)) req.url = `/ledger-desktop/${req.url.slice(OLD_SPELLING.length)}`;
    next();
  });
  router.use(tableRouter(routes, '/v1', spelledAsSpec));
  return router;
}
