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

/** A route's group: its path up to its first parameter, at most two segments (`/ledger-desktop/customers`, `/end-users`). */
function groupOf(path: string): string {
  const segments = path.split('/');
  const fixed = segments.findIndex((segment, i) => i > 0 && PARAM.test(segment));
  return segments.slice(0, Math.min(fixed === -1 ? segments.length : fixed, 3)).join('/');
}

export interface TableOptions {
  /** Turns a request's path (below the mount) into the table's spelling, before it is routed. */
  respell?: (path: string) => string;
}

/**
 * An express router from a table of routes, mounted at `mountPath`: one route per path, its
 * methods from the table, every other method (HEAD too, which express would give to GET) refused
 * with the methods the path takes, and a path parameter that is not valid percent-encoding named
 * in a 400. Express tries a router's routes one by one (40 us a request over the spec's 262), so
 * the routes are kept in one express router per group and a request's first segments pick its
 * group from a Map.
 */
export function tableRouter(routes: Iterable<TableRoute>, mountPath: string, options: TableOptions = {}): Router {
  const byPath = new Map<string, TableRoute[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
  const groups = new Map<string, Router>();
  for (const [path, entries] of byPath) {
    const group = groupOf(path);
    let router = groups.get(group);
    if (!router) groups.set(group, (router = express.Router({ caseSensitive: true })));
    const route = router.route(expressPath(path));
    const allowed = entries.map((entry) => entry.method.toUpperCase());
    const notAllowed = (req: Request, _res: Response, next: NextFunction): void => {
      next(ServiceError.of('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${sentPath(req)}; use ${allowed.join(' or ')}.`));
    };
    if (!allowed.includes('HEAD')) route.head(notAllowed);
    for (const entry of entries) route[entry.method.toLowerCase() as RouteMethod](entry.handle);
    route.all(notAllowed);
  }
  const respell = options.respell ?? ((path: string) => path);
  const router = express.Router({ caseSensitive: true });
  router.use((req, res, next) => {
    const path = respell(req.url);
    if (path !== req.url) req.url = path;
    const segments = req.path.split('/');
    const group = groups.get(segments.slice(0, 3).join('/')) ?? groups.get(segments.slice(0, 2).join('/'));
    if (!group) return next();
    group(req, res, next);
  });
  const templates = [...byPath.keys()].map((path) => `${mountPath}${path}`.split('/'));
  router.use((error: unknown, req: Request, _res: Response, next: NextFunction): void => {
    if (!(error instanceof URIError)) return next(error);
    const broken = brokenParameter(templates, `${mountPath}${respell(sentPath(req).slice(mountPath.length))}`);
    const where = broken ? `Invalid request at "${broken.name}": "${broken.raw}"` : 'Invalid request: the path';
    next(ServiceError.of('INVALID_REQUEST', `${where} is not valid percent-encoding`));
  });
  return router;
}

/** What no route took: the request's URL is not one of the Service's. */
export function routeNotFound(req: Request, _res: Response, next: NextFunction): void {
  next(ServiceError.of('ROUTE_NOT_FOUND', `Unrecognized request URL (${req.method} ${sentPath(req)}).`));
}
