/** Bad options: reported with a pointer to --help and exit code 2, never with a stack trace. */
export class UsageError extends Error {}

/** A mistake on the command line that node's parseArgs found (an unknown option, a missing value). */
export function isParseArgsError(error: unknown): error is Error {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS');
}
