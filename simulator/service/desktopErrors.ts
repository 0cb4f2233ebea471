import { DesktopError } from '../desktop/values/DesktopError.ts';
import { IteratorError } from '../desktop/queries/IteratorRegistry.ts';
import { AbandonedCall, MachineRefusal } from '../desktop/machine/DesktopMachine.ts';
import { RETRYABLE_STATUSES } from '../desktop/machine/machineStates.ts';
import { RequestInputError } from '../desktop/values/RequestInputError.ts';
import { PassthroughParseError } from '../desktop/passthrough/PassthroughParseError.ts';
import { ServiceError } from './ServiceError.ts';

/** A refusal of the end user's machine as the Service answers it: its own 409s, or the application's HRESULT. */
function fromRefusal(error: MachineRefusal, endUserId: string): ServiceError {
  const retry = { shouldRetry: error.refusal.retry, retryAfterSeconds: error.retryAfterSeconds };
  if (error.refusal.side === 'setup') return ServiceError.of('INTEGRATION_CONNECTION_NOT_SET_UP', `End user "${endUserId}" ${error.refusal.message}.`, retry);
  if (error.refusal.side === 'connector') return ServiceError.of('INTEGRATION_CONNECTION_NOT_ACTIVE', `End user "${endUserId}" ${error.refusal.message}.`, retry);
  return ServiceError.of('LDG_CONNECTION_ERROR', `Desktop Connection Error (${error.refusal.hresult ?? ''}): ${error.message}`, { ...retry, integrationCode: error.refusal.hresult });
}

/** Translates what the desktop side reports into the Service's errors, as the real Service does. */
export function fromDesktop(error: unknown, endUserId = ''): unknown {
  if (error instanceof MachineRefusal) return fromRefusal(error, endUserId);
  if (error instanceof DesktopError) {
    const retryable = RETRYABLE_STATUSES.has(error.status);
    return ServiceError.of('LDG_REQUEST_ERROR', `Desktop Request Error (${error.status}): ${error.message}`, {
      integrationCode: String(error.status),
      userFacingMessage: `Your accounting software reported a problem: ${error.message}`,
      // Only a record in use can go through a moment later; the rest fail again the same way.
      shouldRetry: retryable,
      ...(retryable ? { retryAfterSeconds: 1 } : {}),
    });
  }
  if (error instanceof PassthroughParseError) {
    return ServiceError.of('LDG_CONNECTION_ERROR', `Desktop Connection Error (${PassthroughParseError.HRESULT}): The desktop application could not parse the request: ${error.message}.`, {
      integrationCode: PassthroughParseError.HRESULT,
      shouldRetry: false,
    });
  }
  if (error instanceof IteratorError) {
    if (error.reason === 'expired') return ServiceError.of('CURSOR_EXPIRED', error.message);
    if (error.reason === 'exhausted') return ServiceError.of('NO_MORE_RESULTS', error.message);
    return ServiceError.of('CURSOR_INVALID', error.message);
  }
  if (error instanceof RequestInputError) return ServiceError.of('INVALID_REQUEST', `Invalid request at "${error.field}": ${error.message}`);
  if (error instanceof AbandonedCall) return ServiceError.of('LDG_REQUEST_TIMEOUT', error.message);
  return error;
}
