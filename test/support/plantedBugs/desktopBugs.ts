import { errorOf, jsonOf, onResponse, withJson, type PlantedBug, type ProxyResponse } from './proxyExchange.ts';

const isHealthCheck = (pathname: string): boolean => /\/ledger[-_]desktop\/health-check$/.test(pathname);

const connectionErrorAs503: PlantedBug = {
  does: 'answers a desktop connection error (LDG_CONNECTION_ERROR) with 503 instead of 502',
  handler: onResponse((response) => {
    const error = errorOf(response);
    if (error?.['code'] !== 'LDG_CONNECTION_ERROR') return response;
    return withJson(response, { ...jsonOf(response), error: { ...error, httpStatusCode: 503 } }, 503);
  }),
};

const timeoutWithoutErrorShape: PlantedBug = {
  does: 'answers a desktop time-out with a bare gateway message instead of the error shape',
  handler: onResponse((response) => (response.status === 504 ? withJson(response, { message: 'Gateway Timeout' }) : response)),
};

const healthChecksReordered: PlantedBug = {
  does: 'answers health checks that were in flight together last-first, as a desktop working on them side by side would',
  handler: () => {
    let inFlight = 0;
    const held: { response: ProxyResponse; release: (r: ProxyResponse) => void }[] = [];
    return async (request, ctx) => {
      if (!isHealthCheck(request.url.pathname)) return ctx.forward(request);
      inFlight += 1;
      const response = await ctx.forward(request);
      inFlight -= 1;
      const answer = new Promise<ProxyResponse>((release) => held.push({ response, release }));
      // The last of the batch lets them all go, newest first.
      if (inFlight === 0) for (const h of held.splice(0).reverse()) h.release(h.response);
      return answer;
    };
  },
};

const parseErrorAnswered: PlantedBug = {
  does: 'answers a passthrough request the desktop cannot parse (HRESULT 0x80040400) with 200 and an OK status, as if the desktop had ignored the unknown element',
  handler: onResponse((response) => {
    const error = errorOf(response);
    if (error?.['integrationCode'] !== '0x80040400') return response;
    return withJson(response, { CustomerQueryRs: { statusCode: '0', statusSeverity: 'Info', statusMessage: 'Status OK' } }, 200);
  }),
};

export const DESKTOP_BUGS = {
  'passthrough-parse-error-answered': parseErrorAnswered,
  'connection-error-as-503': connectionErrorAs503,
  'timeout-without-error-shape': timeoutWithoutErrorShape,
  'health-checks-reordered': healthChecksReordered,
} satisfies Record<string, PlantedBug>;
