/** JSON Schema as the dereferenced spec holds it; kept loose because schemas are data here. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  additionalProperties?: boolean | JsonSchema;
  [keyword: string]: unknown;
}

export type HttpMethod = 'get' | 'post' | 'delete' | 'put' | 'patch';

export interface ParameterSpec {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the spec with everything the router, validators and checks need. */
export interface OperationSpec {
  operationId: string;
  method: HttpMethod;
  /** Path template as in the spec, e.g. `/ledger-desktop/customers/{id}`. */
  path: string;
  parameters: ParameterSpec[];
  requestBody: JsonSchema | undefined;
  /** Schema of the 200 body. */
  responseBody: JsonSchema | undefined;
  /** Schema of the error body (the `default` response). */
  errorBody: JsonSchema | undefined;
  /** True when the operation takes a `cursor`: a paged list. */
  paginated: boolean;
}
