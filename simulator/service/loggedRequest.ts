/** One request as the dashboard's log shows it. */
export interface LoggedRequest {
  requestId: string;
  at: number;
  method: string;
  /** Path and query as sent. */
  path: string;
  status: number;
  code: string | null;
  ms: number;
  endUserId: string | null;
  operationId: string | null;
  /** The start of each body as people read it (secrets redacted, a cut-off body marked): made only when asked. */
  bodies(): { request: string; response: string };
}

/** The fields of a logged request besides its bodies. */
export type RequestFacts = Omit<LoggedRequest, 'bodies'>;
