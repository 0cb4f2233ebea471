import { redactSecrets } from './redactSecrets.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Every string of a line, however deep in its fields, passes the one redaction. */
const redacted = (_key: string, value: unknown): unknown => (typeof value === 'string' ? redactSecrets(value) : value);

/**
 * The simulator's one logger: a JSON line per event on stderr. Callers pass fields, never headers;
 * a key in a path, a query or an error's text is redacted here, so no caller has to remember to.
 */
export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Logger {
  const at = (l: LogLevel) => (message: string, fields: Record<string, unknown> = {}) => {
    if (ORDER[l] < ORDER[level]) return;
    write(JSON.stringify({ level: l, time: new Date().toISOString(), message, ...fields }, redacted));
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
