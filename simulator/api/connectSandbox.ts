import type { ConnectSandboxOptions, SandboxClient } from './sandboxApi.ts';
import { sandboxControls } from './sandboxControls.ts';
import { trustingFetch } from './trustingFetch.ts';

/**
 * A typed control client for a sandbox running elsewhere (`ledger-sim serve` on another machine,
 * a CI service, a global setup's): the same controls as `startSandbox` gives, over HTTP. It loads
 * none of the simulator (`ledger-sim/client`).
 */
export function connectSandbox(options: ConnectSandboxOptions): SandboxClient {
  return { fetch: trustingFetch(options.ca), ...sandboxControls({ baseUrl: options.baseUrl, apiKey: options.apiKey, ...(options.ca ? { ca: options.ca } : {}) }, options.endUserId) };
}
