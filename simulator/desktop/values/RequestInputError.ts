/**
 * A value in the request that the desktop application refuses before it does anything (a filter
 * it cannot read, a number outside its range): the request's fault, so the Service answers 400
 * naming the field rather than reporting a desktop failure.
 */
export class RequestInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}
