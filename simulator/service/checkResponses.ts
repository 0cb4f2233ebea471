import type { ValidateFunction } from 'ajv';
import { describeIssue, type OperationValidators } from '../spec/compileValidators.ts';
import type { Logger } from './logger.ts';
import { ServiceError } from './ServiceError.ts';
import type { ResponseBody } from './responseBody.ts';
import { StreamedJson } from '../desktop/reportThread/StreamedJson.ts';

/** Turns `--check-responses` on where no option says otherwise (the test suite sets it for every sandbox it starts). */
export const CHECK_RESPONSES_ENV = 'LEDGER_SIM_CHECK_RESPONSES';

export function checkResponsesByDefault(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env[CHECK_RESPONSES_ENV];
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

function textOf(json: ResponseBody): string {
  if (typeof json === 'string') return json;
  if (json instanceof StreamedJson) throw new Error('a streamed answer is checked once whole (StreamedJson.whole)');
  return (Buffer.isBuffer(json) ? json : Buffer.concat(json)).toString('utf8');
}

/** Where an answer breaks its schema, as a sentence; undefined when it keeps it. */
function problemOf(validate: ValidateFunction, json: ResponseBody): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(textOf(json));
  } catch {
    return 'the body is not JSON';
  }
  if (validate(value)) return undefined;
  const issue = describeIssue(validate.errors);
  return issue.field ? `at "${issue.field}" the value ${issue.message}` : `the body ${issue.message}`;
}

/**
 * The switch behind `serve --check-responses`: every answer of a spec operation is validated against
 * the schema the spec gives its status (200 or the `default` error), with the validators the
 * requests already compile once per operation. An answer that breaks the spec is never sent: the
 * client gets a 500 marked as a sandbox bug naming the operation and the field, and the log says
 * the same, so a test that meets it fails on the sandbox's bug instead of trusting a wrong body.
 */
export class ResponseChecker {
  constructor(
    private readonly validators: ReadonlyMap<string, OperationValidators>,
    private readonly logger: Logger,
  ) {}

  /**
   * The error to answer instead of `json`, or undefined when `json` keeps the spec. An error
   * answered before the operation was known (a bad key, an unknown route) is checked against the
   * error schema every operation shares.
   */
  refusal(operationId: string | undefined, status: number, json: ResponseBody, requestId: string): ServiceError | undefined {
    const validate = this.validatorFor(operationId, status);
    if (!validate) return undefined;
    const problem = problemOf(validate, json);
    if (!problem) return undefined;
    const operation = operationId ?? 'a request outside the operations';
    this.logger.error('response breaks the spec', { requestId, operationId, status, problem });
    return ServiceError.of(
      'SIMULATOR_BUG',
      `Sandbox bug: the ${status} answer of ${operation} breaks the spec: ${problem}. It was not sent; please report this to ledger-sim with the request id.`,
    );
  }

  private validatorFor(operationId: string | undefined, status: number): ValidateFunction | undefined {
    const validators = operationId ? this.validators.get(operationId) : this.validators.values().next().value;
    if (!validators) return undefined;
    return status === 200 ? validators.response : validators.error;
  }
}
