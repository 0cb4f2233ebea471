import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from './createAjv.ts';
import { KEPT_VALIDATORS_DIR, keptValidatorIn } from './keptValidator.ts';
import type { JsonSchema, OperationSpec } from './types.ts';

export interface ValidationIssue {
  /** Dotted path of the offending field, e.g. `billingAddress.line1` or `limit`. */
  field: string;
  message: string;
}

export interface OperationValidators {
  query: ValidateFunction;
  /** Declared header parameters other than the end-user header; unknown headers are allowed. */
  headers: ValidateFunction;
  path: ValidateFunction;
  body: ValidateFunction | undefined;
  response: ValidateFunction | undefined;
  error: ValidateFunction | undefined;
}

function parameterSchema(params: OperationSpec['parameters'], additionalProperties: boolean): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
    additionalProperties,
  };
}

/** The query parameters of an operation as one object schema; unknown parameters are refused. */
export function querySchemaOf(op: OperationSpec): JsonSchema {
  return parameterSchema(op.parameters.filter((p) => p.in === 'query'), false);
}

/**
 * An operation's validators, each compiled the first time it is used: compiling all of them for
 * ~90 operations took most of a second at start, and a session touches only a few operations.
 */
class LazyValidators implements OperationValidators {
  private readonly compiled = new Map<keyof OperationValidators, ValidateFunction | undefined>();

  constructor(
    private readonly op: OperationSpec,
    private readonly requests: Ajv2020Like,
    private readonly responses: Ajv2020Like,
  ) {}

  private once(key: keyof OperationValidators, make: () => ValidateFunction | undefined): ValidateFunction | undefined {
    if (!this.compiled.has(key)) this.compiled.set(key, make());
    return this.compiled.get(key);
  }

  get query(): ValidateFunction {
    return this.once('query', () => this.requests.compile(querySchemaOf(this.op))) as ValidateFunction;
  }

  get headers(): ValidateFunction {
    const declared = this.op.parameters.filter((p) => p.in === 'header' && p.name !== 'Service-End-User-Id');
    return this.once('headers', () => this.requests.compile(parameterSchema(declared, true))) as ValidateFunction;
  }

  get path(): ValidateFunction {
    return this.once('path', () => this.requests.compile(parameterSchema(this.op.parameters.filter((p) => p.in === 'path'), false))) as ValidateFunction;
  }

  get body(): ValidateFunction | undefined {
    const schema = this.op.requestBody;
    return this.once('body', () => (schema ? this.requests.compile(schema) : undefined));
  }

  get response(): ValidateFunction | undefined {
    const schema = this.op.responseBody;
    return this.once('response', () => (schema ? this.responses.compile(schema) : undefined));
  }

  get error(): ValidateFunction | undefined {
    const schema = this.op.errorBody;
    return this.once('error', () => (schema ? this.responses.compile(schema) : undefined));
  }
}

type Ajv2020Like = Pick<ReturnType<typeof createAjv>, 'compile'>;

/**
 * An ajv that compiles a schema once however many operations spell it: the spec comes dereferenced,
 * so a resource's retrieve, create and update answers, and every operation's error, are equal trees
 * that are not the same object, and ajv's own cache goes by the object. Compiling every answer's
 * validator took 5 s for 261 operations; most of them are one of a few dozen schemas. What it
 * compiles is kept as code in `keptIn` (`keptValidatorIn`), so the next process loads it instead.
 */
function compilingOnce(ajv: ReturnType<typeof createAjv>, keptIn: string): Ajv2020Like {
  const kept = keptValidatorIn(keptIn);
  const compiled = new Map<string, ValidateFunction>();
  return {
    compile(schema: JsonSchema): ValidateFunction {
      const key = JSON.stringify(schema);
      let validate = compiled.get(key);
      if (!validate) {
        validate = kept(schema, ajv, key) as ValidateFunction;
        compiled.set(key, validate);
      }
      return validate;
    },
  } as Ajv2020Like;
}

/**
 * Validators of every operation, compiled per operation on first use (the spec test compiles them
 * all), or loaded from the code kept in `keptIn` by an earlier process.
 */
export function compileValidators(operations: ReadonlyMap<string, OperationSpec>, keptIn: string = KEPT_VALIDATORS_DIR): Map<string, OperationValidators> {
  const requests = compilingOnce(createAjv({ useDefaults: true, source: true }), keptIn);
  const responses = compilingOnce(createAjv({ source: true }), keptIn);
  const out = new Map<string, OperationValidators>();
  for (const op of operations.values()) out.set(op.operationId, new LazyValidators(op, requests, responses));
  return out;
}

function dotted(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

/** The first ajv error as a field and a sentence a developer can act on. */
export function describeIssue(errors: ErrorObject[] | null | undefined, root = ''): ValidationIssue {
  const error = errors?.[0];
  if (!error) return { field: root, message: 'is invalid' };
  const base = dotted(error.instancePath);
  const join = (leaf: string): string => [root, base, leaf].filter(Boolean).join('.');
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return { field: join(String(params['additionalProperty'])), message: 'is not a known field' };
    case 'required':
      return { field: join(String(params['missingProperty'])), message: 'is required' };
    case 'enum':
      return { field: join(''), message: `must be one of ${(params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    default:
      return { field: join(''), message: error.message ?? 'is invalid' };
  }
}
