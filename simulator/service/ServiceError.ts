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

  constructor(code: ErrorCode, message: string, options: ServiceErrorOptions = {}) {
    super(message);
    const spec: { type: ErrorType; status: number; userFacing?: string } = ERROR_CODES[code];
    this.code = code;
    this.type = spec.type;
    this.status = spec.status;
    this.integrationCode = options.integrationCode;
    this.userFacingMessage = options.userFacingMessage ?? spec.userFacing ?? GENERIC_USER_MESSAGE;
    this.closeConnection = options.closeConnection ?? false;
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
