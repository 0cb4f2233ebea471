import { ERROR_CODES, GENERIC_USER_MESSAGE, type ErrorCode, type ErrorType } from './errorCodes.ts';

/** The body of every error response, as the spec's `Error` schema describes it. */
export interface ErrorBody {
  message: string;
  userFacingMessage: string;
  type: ErrorType;
  code: string;
  httpStatusCode: number;
  requestId: string;
  integrationCode?: string;
}

export interface ServiceErrorOptions {
  integrationCode?: string;
  userFacingMessage?: string;
  closeConnection?: boolean;
  /** Said to clients as `x-should-retry` (the official clients retry 408, 409, 429 and 5xx unless told not to). */
  shouldRetry?: boolean;
  /** Said as `retry-after` (whole seconds): when a retry can succeed. */
  retryAfterSeconds?: number;
}

/** One error class for everything the Service answers with; `renderError` turns it into a response. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly type: ErrorType;
  readonly status: number;
  readonly userFacingMessage: string;
  readonly integrationCode: string | undefined;
  /** The answer ends the connection (`Connection: close`): the request left it unusable. */
  readonly closeConnection: boolean;
  readonly shouldRetry: boolean | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: ServiceErrorOptions = {}) {
    super(message);
    const spec: { type: ErrorType; status: number; userFacing?: string } = ERROR_CODES[code];
    this.code = code;
    this.type = spec.type;
    this.status = spec.status;
    this.integrationCode = options.integrationCode;
    this.userFacingMessage = options.userFacingMessage ?? spec.userFacing ?? GENERIC_USER_MESSAGE;
    this.closeConnection = options.closeConnection ?? false;
    this.shouldRetry = options.shouldRetry;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** Response headers that tell a client whether and when to retry. */
  retryHeaders(): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.shouldRetry !== undefined) headers['x-should-retry'] = String(this.shouldRetry);
    if (this.retryAfterSeconds !== undefined) headers['retry-after'] = String(this.retryAfterSeconds);
    return headers;
  }

  static of(code: ErrorCode, message: string, options?: ServiceErrorOptions): ServiceError {
    return new ServiceError(code, message, options);
  }

  toBody(requestId: string): { error: ErrorBody } {
    const error: ErrorBody = {
      message: this.message,
      userFacingMessage: this.userFacingMessage,
      type: this.type,
      code: this.code,
      httpStatusCode: this.status,
      requestId,
    };
    if (this.integrationCode !== undefined) error.integrationCode = this.integrationCode;
    return { error };
  }
}
