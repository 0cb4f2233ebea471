import { createAuthSession, renderAuthSession } from '../authSessions.ts';
import { ServiceError } from '../ServiceError.ts';
import type { Handler } from '../types.ts';

export const authSessionHandlers: Record<string, Handler> = {
  'authSessions.create': async (req, deps) => {
    const body = req.body as { publishableKey: string; endUserId: string; linkExpiryMins: number; redirectUrl?: string };
    const keyProject = deps.state.projectForKey('publishable', body.publishableKey);
    if (!keyProject || keyProject.id !== req.project.id) {
      throw ServiceError.of('API_KEY_INVALID', 'Invalid publishable key provided: it does not belong to the project of the secret key.');
    }
    const endUser = deps.state.endUser(req.project.id, body.endUserId);
    if (!endUser) throw ServiceError.of('RESOURCE_MISSING', `No end user with id "${body.endUserId}" exists in this project.`);
    const session = createAuthSession(deps, endUser, { linkExpiryMins: body.linkExpiryMins, redirectUrl: body.redirectUrl ?? null, publishableKey: body.publishableKey });
    return JSON.stringify(renderAuthSession(session));
  },
};
