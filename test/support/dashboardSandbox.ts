import { afterAll, beforeAll } from 'vitest';
import { startTestSandbox, type TestSandbox } from './testClient.ts';
import { WebClient } from './webClient.ts';

/** A small sandbox for the dashboard's tests, and browsers on it, closed with it. */
export interface DashboardSandbox {
  readonly api: TestSandbox;
  readonly origin: string;
  /** A browser on its own machine (`localAddress`: every loopback address is a different client address). */
  client(localAddress?: string): WebClient;
}

/** Call at the top of a test file: it registers the hooks that start the sandbox and close it and its browsers. */
export function dashboardSandbox(): DashboardSandbox {
  const clients: WebClient[] = [];
  let api: TestSandbox | undefined;
  beforeAll(async () => {
    api = await startTestSandbox({ sizes: { customers: 2, invoices: 2 } });
    await api.sandbox.deps.accountsReady;
  });
  afterAll(async () => {
    for (const web of clients) web.close();
    await api?.close();
  });
  const started = (): TestSandbox => {
    if (!api) throw new Error('the dashboard sandbox starts in beforeAll');
    return api;
  };
  return {
    get api() {
      return started();
    },
    get origin() {
      return new URL(started().sandbox.baseUrl).origin;
    },
    client(localAddress) {
      const web = new WebClient(new URL(started().sandbox.baseUrl).origin, started().sandbox.caCert, localAddress ? { localAddress } : {});
      clients.push(web);
      return web;
    },
  };
}
