import { DesktopError, type DesktopStatus } from '../values/DesktopError.ts';
import { RequestInputError } from '../values/RequestInputError.ts';

/**
 * An error thrown in the report thread, as it crosses to the main thread. Structured clone keeps
 * an Error's message but not its class or fields, and the Service answers by class (a
 * RequestInputError is a 400 naming its field, a DesktopError carries the desktop's code): so the
 * kind and the own fields travel, and the main thread builds the same error again.
 */
export interface ThreadError {
  kind: 'desktop' | 'input' | 'unexpected';
  message: string;
  stack: string | undefined;
  /** The error's own fields (`status`, `field`, a subclass's `index`): primitives only. */
  fields: Record<string, string | number | boolean | null>;
}

function ownFields(error: Error): ThreadError['fields'] {
  const fields: ThreadError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean | null;
  }
  return fields;
}

/** In the report thread: what to send of an error a report threw. */
export function toThreadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { kind: 'unexpected', message: String(error), stack: undefined, fields: {} };
  const kind = error instanceof DesktopError ? 'desktop' : error instanceof RequestInputError ? 'input' : 'unexpected';
  return { kind, message: error.message, stack: error.stack, fields: ownFields(error) };
}

/**
 * On the main thread: the error again, of the class the Service tells apart (a subclass of
 * DesktopError comes back as a DesktopError with the same fields: the Service reads no more). An
 * unexpected one keeps the thread's stack, for the log of the 500 it becomes.
 */
export function fromThreadError(sent: ThreadError, thread = 'report thread'): Error {
  let error: Error;
  if (sent.kind === 'desktop') error = new DesktopError(sent.fields['status'] as DesktopStatus, sent.message);
  else if (sent.kind === 'input') error = new RequestInputError(String(sent.fields['field']), sent.message);
  else error = new Error(`the ${thread} failed: ${sent.message}`);
  if (sent.kind !== 'unexpected') Object.assign(error, sent.fields);
  if (sent.stack) error.stack = sent.kind === 'unexpected' ? `${error.message}\n${sent.stack}` : sent.stack;
  return error;
}
