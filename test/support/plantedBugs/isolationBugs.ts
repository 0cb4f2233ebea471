import { copyRequest, onRequest, type PlantedBug } from './proxyExchange.ts';

const END_USER_HEADER = 'service-end-user-id';

const asFirstEndUser = (request: Parameters<Parameters<typeof onRequest>[0]>[0], endUserId: string) =>
  copyRequest(request, { headers: { ...request.headers, [END_USER_HEADER]: endUserId } });

const cursorCrossesEndUsers: PlantedBug = {
  does: "serves a cursor under whatever end user sends it (the cursor's list, not the caller's)",
  handler: onRequest((request, ctx) => (request.url.searchParams.has('cursor') ? asFirstEndUser(request, ctx.endUserId) : request)),
};

const objectIdCrossesEndUsers: PlantedBug = {
  does: "looks an id up in the demo end user's company file when the caller's has no such object",
  handler: () => async (request, ctx) => {
    const response = await ctx.forward(request);
    const retrieve = request.method === 'GET' && ctx.operation(request)?.path.endsWith('/{id}') === true;
    if (!retrieve || response.status < 400 || request.headers[END_USER_HEADER] === ctx.endUserId) return response;
    return ctx.forward(asFirstEndUser(request, ctx.endUserId));
  },
};

export const ISOLATION_BUGS = {
  'cursor-crosses-end-users': cursorCrossesEndUsers,
  'object-id-crosses-end-users': objectIdCrossesEndUsers,
} satisfies Record<string, PlantedBug>;
