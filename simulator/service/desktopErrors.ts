import { DesktopError } from '../desktop/DesktopError.ts';
import { IteratorError } from '../desktop/IteratorRegistry.ts';
import { RequestInputError } from '../desktop/RequestInputError.ts';
import { ServiceError } from './ServiceError.ts';

/** Translates what the desktop side reports into the Service's errors, as the real Service does. */
export function fromDesktop(error: unknown): unknown {
  if (error instanceof DesktopError) {
    return ServiceError.of('LDG_REQUEST_ERROR', `Desktop Request Error (${error.status}): ${error.message}`, {
      integrationCode: String(error.status),
      userFacingMessage: `Your accounting software reported a problem: ${error.message}`,
    });
  }
  if (error instanceof IteratorError) {
    if (error.reason === 'expired') return ServiceError.of('CURSOR_EXPIRED', error.message);
    if (error.reason === 'exhausted') return ServiceError.of('NO_MORE_RESULTS', error.message);
    return ServiceError.of('CURSOR_INVALID', error.message);
  }
  if (error instanceof RequestInputError) return ServiceError.of('INVALID_REQUEST', `Invalid request at "${error.field}": ${error.message}`);
  return error;
}
