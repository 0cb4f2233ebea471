/**
 * The integration under test: code that reads an end user's customers from the Service, the way a
 * real integration would. It knows nothing of the sandbox; a test gives it the sandbox's base URL,
 * key and a fetch that trusts the sandbox's CA, and in production the same code gets the real ones.
 */
export interface ServiceClient {
  baseUrl: string;
  apiKey: string;
  endUserId: string;
  fetch?: typeof fetch;
}

export interface SyncOptions {
  /** Tries of one page before giving up, when the Service or the desktop fails (5xx). */
  attempts?: number;
  /** Called after each page (a test moves the sandbox clock here). */
  onPage?: (page: number) => Promise<void> | void;
}

export interface SyncResult {
  names: string[];
  /** Requests sent again after a failure. */
  retries: number;
  /** Walks started again because a cursor expired between pages. */
  restarts: number;
}

interface Page {
  data: { fullName: string }[];
  nextCursor: string | null;
  hasMore: boolean;
}

class ServiceFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`${status} ${code}`);
  }
}

async function getPage(client: ServiceClient, cursor: string | null): Promise<Page> {
  const query = new URLSearchParams({ limit: '50', ...(cursor ? { cursor } : {}) });
  const response = await (client.fetch ?? fetch)(`${client.baseUrl}/ledger-desktop/customers?${query}`, {
    headers: { authorization: `Bearer ${client.apiKey}`, 'service-end-user-id': client.endUserId },
  });
  const body = (await response.json()) as Page & { error?: { code: string } };
  if (!response.ok) throw new ServiceFailure(response.status, body.error?.code ?? 'UNKNOWN');
  return body;
}

/**
 * Every customer's full name (a job shares its customer's name, not its full name). A failing
 * page is tried again (the desktop application is often busy); a cursor that expired (the Service
 * drops it 10 s after its last page) starts the walk over.
 */
export async function syncCustomers(client: ServiceClient, options: SyncOptions = {}): Promise<SyncResult> {
  const attempts = options.attempts ?? 3;
  const result: SyncResult = { names: [], retries: 0, restarts: 0 };
  let cursor: string | null = null;
  let page = 0;
  for (;;) {
    let answer: Page | undefined;
    for (let attempt = 1; !answer; attempt++) {
      try {
        answer = await getPage(client, cursor);
      } catch (error) {
        if (error instanceof ServiceFailure && error.code === 'CURSOR_EXPIRED') {
          result.names = [];
          result.restarts++;
          cursor = null;
        } else if (!(error instanceof ServiceFailure) || error.status < 500 || attempt >= attempts) throw error;
        else result.retries++;
      }
    }
    result.names.push(...answer.data.map((c) => c.fullName));
    page++;
    if (!answer.hasMore) return result;
    cursor = answer.nextCursor;
    await options.onPage?.(page);
  }
}
