import type { OperationSpec } from '../../simulator/spec/types.ts';
import { decodeSegment } from '../../simulator/service/pathSegments.ts';

export interface RouteMatch {
  op: OperationSpec;
  pathParams: Record<string, string>;
}

interface CompiledRoute {
  pattern: RegExp;
  names: string[];
  byMethod: Map<string, OperationSpec>;
}

export type RouteResult =
  | { kind: 'found'; match: RouteMatch }
  | { kind: 'method'; allowed: string[] }
  | { kind: 'none' }
  /** A path parameter that is not valid percent-encoding (`%zz`): the request's fault, named. */
  | { kind: 'badParam'; name: string; raw: string };

/**
 * The tests' own oracle of which spec operation a `/v1/...` path is (the server routes with
 * express; a response is checked against the schemas of the operation this one finds). `ledger_desktop` is accepted for `ledger-desktop`,
 * as older clients spell it.
 */
export function compileRoutes(operations: Iterable<OperationSpec>): (method: string, pathname: string) => RouteResult {
  const routes = new Map<string, CompiledRoute>();
  for (const op of operations) {
    let route = routes.get(op.path);
    if (!route) {
      const names: string[] = [];
      const source = op.path
        .split('/')
        .map((segment) => {
          const param = /^\{(\w+)\}$/.exec(segment);
          if (param?.[1]) {
            names.push(param[1]);
            return '([^/]+)';
          }
          return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('/');
      route = { pattern: new RegExp(`^${source}/?$`), names, byMethod: new Map() };
      routes.set(op.path, route);
    }
    route.byMethod.set(op.method.toUpperCase(), op);
  }
  const compiled = [...routes.values()];
  return (method, pathname) => {
    if (!pathname.startsWith('/v1/')) return { kind: 'none' };
    const path = pathname.slice(3).replace(/^\/ledger_desktop\//, '/ledger-desktop/');
    for (const route of compiled) {
      const m = route.pattern.exec(path);
      if (!m) continue;
      const op = route.byMethod.get(method.toUpperCase());
      if (!op) return { kind: 'method', allowed: [...route.byMethod.keys()] };
      const pathParams: Record<string, string> = Object.create(null) as Record<string, string>;
      for (const [i, name] of route.names.entries()) {
        const raw = m[i + 1] ?? '';
        const value = decodeSegment(raw);
        if (value === undefined) return { kind: 'badParam', name, raw };
        pathParams[name] = value;
      }
      return { kind: 'found', match: { op, pathParams } };
    }
    return { kind: 'none' };
  };
}
