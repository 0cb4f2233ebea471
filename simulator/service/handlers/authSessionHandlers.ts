import { ServiceError } from '../ServiceError.ts';
import { newAuthSessionId, randomToken, serviceTimestamp } from '../serviceIds.ts';
import type { Handler } from '../types.ts';

export const authSessionHandlers: Record<string, Handler> = {
  'authSessions.create': async (req, { state, clocks, publicOrigin }) => {
    const body = req.body as { publishableKey: string; endUserId: string; linkExpiryMins: number; redirectUrl?: string };
    const keyProject = state.projectForKey('publishable', body.publishableKey);
    if (!keyProject || keyProject.id !== req.project.id) {
      throw ServiceError.of('API_KEY_INVALID', 'Invalid publishable key provided: it does not belong to the project of the secret key.');
    }
    const endUser = state.endUser(req.project.id, body.endUserId);
    if (!endUser) throw ServiceError.of('RESOURCE_MISSING', `No end user with id "${body.endUserId}" exists in this project.`);
    const now = clocks.forProject(req.project.id).now();
    const clientSecret = `auth_sess_client_secret_${randomToken(24)}`;
    const row = {
      id: newAuthSessionId(),
      project_id: req.project.id,
      end_user_id: endUser.id,
      created_at: now,
      expires_at: now + body.linkExpiryMins * 60_000,
      redirect_url: body.redirectUrl ?? null,
    };
    state.addAuthSession(row, clientSecret);
    const flowUrl = `${publicOrigin()}/connect/${clientSecret}?key=${encodeURIComponent(body.publishableKey)}`;
    return JSON.stringify({
      id: row.id,
      objectType: 'auth_session',
      createdAt: serviceTimestamp(row.created_at),
      endUserId: endUser.id,
      clientSecret,
      authFlowUrl: flowUrl,
      expiresAt: serviceTimestamp(row.expires_at),
      redirectUrl: row.redirect_url,
    });
  },
};
