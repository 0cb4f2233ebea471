import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { SANDBOX_HEADER } from './sandboxHeader.ts';
import { SECURITY_HEADER_LINES } from './securityHeaders.ts';
import { ServiceError } from './ServiceError.ts';
import { newRequestId } from './serviceIds.ts';

/** Longer than the default 16 KB: id filters of 150 values fit in a request line. */
export const MAX_HEADER_BYTES = 65_536;

/** Options every listener is created with: Host is checked by us, so its refusal has the error shape. */
export const SERVER_OPTIONS = { maxHeaderSize: MAX_HEADER_BYTES, requireHostHeader: false } as const;

const REASONS: Record<number, string> = { 400: 'Bad Request', 405: 'Method Not Allowed', 431: 'Request Header Fields Too Large' };

/**
 * An error answer written straight to a socket, for requests that never reach a handler (Node's
 * parser refused them, or CONNECT took the socket away from HTTP). Always ends the connection:
 * whatever follows on it cannot be trusted to be a request.
 */
function writeRawError(socket: Duplex, problem: ServiceError): void {
  const requestId = newRequestId();
  const body = JSON.stringify(problem.toBody(requestId));
  socket.end(
    `HTTP/1.1 ${problem.status} ${REASONS[problem.status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nService-Request-Id: ${requestId}\r\nService-Sandbox: ${SANDBOX_HEADER}\r\n${SECURITY_HEADER_LINES}Connection: close\r\n\r\n${body}`,
  );
}

export type ErrorSender = (res: ServerResponse, error: unknown, requestId: string) => void;

/**
 * Every refusal Node's HTTP layer would make on its own gets the Service's error shape and a request
 * id instead: broken HTTP and oversized headers, `Expect` values other than 100-continue, and
 * CONNECT (which Node otherwise answers by dropping the socket).
 */
export function answerHttpLayerRefusals(server: Server, sendError: ErrorSender): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    writeRawError(
      socket,
      tooLarge
        ? ServiceError.of('HEADERS_TOO_LARGE', `The request line and headers are larger than ${MAX_HEADER_BYTES} bytes; send long filters in fewer, shorter values.`)
        : ServiceError.of('MALFORMED_HTTP', 'The request is not valid HTTP.'),
    );
  });
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    const problem = ServiceError.of('EXPECTATION_FAILED', `The expectation "${String(req.headers.expect)}" cannot be met; only "100-continue" is understood.`, { closeConnection: true });
    sendError(res, problem, newRequestId());
  });
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    writeRawError(socket, ServiceError.of('METHOD_NOT_ALLOWED', 'CONNECT is not allowed: the Service is not a proxy.'));
  });
}

/** HTTP/1.1 requires Host; Node's own check would answer with an empty 400, so it is done here. */
export function missingHost(req: IncomingMessage): ServiceError | undefined {
  if (req.headers.host || req.httpVersion === '1.0') return undefined;
  return ServiceError.of('MALFORMED_HTTP', 'The request has no Host header, which HTTP/1.1 requires.', { closeConnection: true });
}
