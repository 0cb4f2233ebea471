import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { decodeSegment } from './pathSegments.ts';
import { ServiceError } from './ServiceError.ts';

/** One route of a table: a method and a path written as the spec writes them (`{name}` segments). */
export interface TableRoute {
  method: string;
  path: string;
  handle: RequestHandler;
}

type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

const PARAM = /^\{(\w+)\}$/;

/** The spec's `{name}` segments as express writes them. */
const expressPath = (specPath: string): string => specPath.replace(/\{(\w+)\}/g, ':$1');

/** The path the client sent, for messages: a mounted router sees it without its mount point. */
export const sentPath = (req: Request): string => req.originalUrl.split('?')[0] ?? '/';

/**
 * The name of the path parameter whose percent-encoding is broken, found by the route the request
 * has the shape of: express refuses such a segment before it knows which route it was for.
 */
function brokenParameter(templates: readonly string[][], pathname: string): { name: string; raw: string } | undefined {
  const segments = pathname.replace(/\/$/, '').split('/');
  for (const template of templates) {
    if (template.length !== segments.length) continue;
    let broken: { name: string; raw: string } | undefined;
    const fits = template.every((part, i) => {
      const raw = segments[i] ?? '';
      const name = PARAM.exec(part)?.[1];
      if (name === undefined) return part === raw;
      if (broken === undefined && decodeSegment(raw) === undefined) broken = { name, raw };
      return true;
    });
    if (fits && broken) return broken;
  }
  return undefined;
}

/**
 * An express router from a table of routes, mounted at `mountPath`: one route per path, its
 * methods from the table, every other method (HEAD too, which express would give to GET) refused
 * with the methods the path takes, and a path parameter that is not valid percent-encoding named
 * in a 400. `spelledAs` turns the path as sent into the table's spelling for that lookup.
 */
export function tableRouter(routes: Iterable<TableRoute>, mountPath: string, spelledAs: (path: string) => string = (path) => path): Router {
  const router = express.Router({ caseSensitive: true });
  const byPath = new Map<string, TableRoute[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
  for (const [path, entries] of byPath) {
    const route = router.route(expressPath(path));
    const allowed = entries.map((entry) => entry.method.toUpperCase());
    const notAllowed = (req: Request, _res: Response, next: NextFunction): void => {
      next(ServiceError.of('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${sentPath(req)}; use ${allowed.join(' or ')}.`));
    };
    if (!allowed.includes('HEAD')) route.head(notAllowed);
    for (const entry of entries) route[entry.method.toLowerCase() as RouteMethod](entry.handle);
    route.all(notAllowed);
  }
  const templates = [...byPath.keys()].map((path) => `${mountPath}${path}`.split('/'));
  router.use((error: unknown, req: Request, _res: Response, next: NextFunction): void => {
    if (!(error instanceof URIError)) return next(error);
    const broken = brokenParameter(templates, spelledAs(sentPath(req)));
    const where = broken ? `Invalid request at "${broken.name}": "${broken.raw}"` : 'Invalid request: the path';
    next(ServiceError.of('INVALID_REQUEST', `${where} is not valid percent-encoding`));
  });
  return router;
}

/** What no route took: the request's URL is not one of the Service's. */
export function routeNotFound(req: Request, _res: Response, next: NextFunction): void {
  next(ServiceError.of('ROUTE_NOT_FOUND', `Unrecognized request URL (${req.method} ${sentPath(req)}).`));
}
