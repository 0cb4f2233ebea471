import type { RequestHandler } from 'express';
import { exchangeOf } from './exchange.ts';
import { ServiceError } from './ServiceError.ts';
import { redactKey } from './serviceIds.ts';
import type { Project, ServiceState } from './ServiceState.ts';

const SECRET_KEY = /^sk_[A-Za-z0-9_]{8,200}$/;

/** The project of the bearer secret key, or 401 `API_KEY_INVALID` saying why. */
export function authenticate(state: ServiceState, authorization: string | undefined): Project {
  if (!authorization) {
    throw ServiceError.of('API_KEY_INVALID', 'No API key provided. Send your secret key as "Authorization: Bearer sk_...".');
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  const key = match?.[1];
  if (!key || !SECRET_KEY.test(key)) {
    throw ServiceError.of('API_KEY_INVALID', 'Malformed API key: expected "Authorization: Bearer sk_..." with a secret key.');
  }
  const project = state.projectForKey('secret', key);
  if (!project) throw ServiceError.of('API_KEY_INVALID', `Invalid API key provided: '${redactKey(key)}'.`);
  return project;
}

/** Middleware: the project of the request's secret key on its exchange, or the 401. */
export function checkKey(deps: { state: ServiceState }): RequestHandler {
  return (req, res, next) => {
    exchangeOf(res).project = authenticate(deps.state, req.headers.authorization);
    next();
  };
}
