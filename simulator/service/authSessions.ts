import { newAuthSessionId, randomToken, serviceTimestamp } from './serviceIds.ts';
import type { AuthSessionRow, EndUserRow } from './ServiceState.ts';
import type { ServiceDeps } from './types.ts';

export interface NewAuthSession {
  row: AuthSessionRow;
  clientSecret: string;
  authFlowUrl: string;
}

/**
 * An auth session for an end user: the link the end user opens on the machine with the desktop
 * application. The client secret is in the link and kept only as a hash. The publishable key, when
 * the session was made with one (the API), rides along in the link as the real Service's does.
 */
export function createAuthSession(
  deps: Pick<ServiceDeps, 'state' | 'clocks' | 'publicOrigin'>,
  endUser: EndUserRow,
  options: { linkExpiryMins: number; redirectUrl: string | null; publishableKey?: string },
): NewAuthSession {
  const now = deps.clocks.forProject(endUser.project_id).now();
  const clientSecret = `auth_sess_client_secret_${randomToken(24)}`;
  const row: AuthSessionRow = {
    id: newAuthSessionId(),
    project_id: endUser.project_id,
    end_user_id: endUser.id,
    created_at: now,
    expires_at: now + options.linkExpiryMins * 60_000,
    redirect_url: options.redirectUrl,
  };
  deps.state.addAuthSession(row, clientSecret);
  const key = options.publishableKey === undefined ? '' : `?key=${encodeURIComponent(options.publishableKey)}`;
  return { row, clientSecret, authFlowUrl: `${deps.publicOrigin()}/connect/${clientSecret}${key}` };
}

/** The API's `auth_session` object. */
export function renderAuthSession(session: NewAuthSession): Record<string, unknown> {
  return {
    id: session.row.id,
    objectType: 'auth_session',
    createdAt: serviceTimestamp(session.row.created_at),
    endUserId: session.row.end_user_id,
    clientSecret: session.clientSecret,
    authFlowUrl: session.authFlowUrl,
    expiresAt: serviceTimestamp(session.row.expires_at),
    redirectUrl: session.row.redirect_url,
  };
}
