/**
 * Every error the Service can answer with, defined once. Handlers throw `ServiceError.of(code, ...)`
 * and never spell a status or type themselves, so the table is the whole contract.
 */
export type ErrorType =
  | 'INTEGRATION_ERROR'
  | 'INTEGRATION_CONNECTION_ERROR'
  | 'INVALID_REQUEST_ERROR'
  | 'AUTHENTICATION_ERROR'
  | 'PERMISSION_ERROR'
  | 'INTERNAL_ERROR';

interface ErrorCodeSpec {
  type: ErrorType;
  status: number;
  /** Shown to end users when the problem is theirs to fix; otherwise the generic sentence. */
  userFacing?: string;
}

export const GENERIC_USER_MESSAGE = 'An internal server error occurred. Please try again.';

export const ERROR_CODES = {
  API_KEY_INVALID: { type: 'AUTHENTICATION_ERROR', status: 401 },
  RESOURCE_MISSING: { type: 'INVALID_REQUEST_ERROR', status: 404 },
  INVALID_REQUEST: { type: 'INVALID_REQUEST_ERROR', status: 400 },
  END_USER_ID_MISSING: { type: 'INVALID_REQUEST_ERROR', status: 400 },
  CURSOR_EXPIRED: { type: 'INVALID_REQUEST_ERROR', status: 400 },
  NO_MORE_RESULTS: { type: 'INVALID_REQUEST_ERROR', status: 400 },
  CURSOR_INVALID: { type: 'INVALID_REQUEST_ERROR', status: 400 },
  HTTPS_REQUIRED: { type: 'INVALID_REQUEST_ERROR', status: 403 },
  REQUEST_TOO_LARGE: { type: 'INVALID_REQUEST_ERROR', status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { type: 'INVALID_REQUEST_ERROR', status: 415 },
  EXPECTATION_FAILED: { type: 'INVALID_REQUEST_ERROR', status: 417 },
  HEADERS_TOO_LARGE: { type: 'INVALID_REQUEST_ERROR', status: 431 },
  MALFORMED_HTTP: { type: 'INVALID_REQUEST_ERROR', status: 400 },
  ROUTE_NOT_FOUND: { type: 'INVALID_REQUEST_ERROR', status: 404 },
  METHOD_NOT_ALLOWED: { type: 'INVALID_REQUEST_ERROR', status: 405 },
  INTEGRATION_CONNECTION_NOT_SET_UP: {
    type: 'INTEGRATION_CONNECTION_ERROR',
    status: 409,
    userFacing: 'Your accounting software is not connected yet. Please finish setting up the connection.',
  },
  INTEGRATION_CONNECTION_NOT_ACTIVE: {
    type: 'INTEGRATION_CONNECTION_ERROR',
    status: 409,
    userFacing: 'The connector on your computer is not running. Please make sure your computer is on and awake.',
  },
  LDG_CONNECTION_ERROR: {
    type: 'INTEGRATION_CONNECTION_ERROR',
    status: 502,
    userFacing: 'We could not reach your accounting software. Please make sure it is running and the company file is open.',
  },
  LDG_REQUEST_ERROR: { type: 'INTEGRATION_ERROR', status: 502 },
  LDG_REQUEST_TIMEOUT: {
    type: 'INTEGRATION_CONNECTION_ERROR',
    status: 504,
    userFacing: 'Your accounting software took too long to answer. Please try again.',
  },
  SIMULATOR_BUG: { type: 'INTERNAL_ERROR', status: 500 },
} as const satisfies Record<string, ErrorCodeSpec>;

export type ErrorCode = keyof typeof ERROR_CODES;
