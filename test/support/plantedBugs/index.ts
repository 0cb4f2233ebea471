import { AUTH_AND_SCHEMA_BUGS } from './authAndSchemaBugs.ts';
import { BOOK_BUGS } from './bookBugs.ts';
import { DESKTOP_BUGS } from './desktopBugs.ts';
import { FILTER_AND_WRITE_BUGS } from './filterAndWriteBugs.ts';
import { ISOLATION_BUGS } from './isolationBugs.ts';
import { PAGINATION_BUGS } from './paginationBugs.ts';
import { REPORT_BUGS } from './reportBugs.ts';
import { serviceError, type PlantedBug } from './proxyExchange.ts';

/** Not a bug: the proxy looks like a real deployment, with no sandbox controls and so no clock to move. */
const withoutSandboxControls: PlantedBug = {
  does: 'hides the sandbox controls, as a real deployment has none',
  handler: () => async (request, ctx) =>
    request.url.pathname.startsWith('/_sandbox')
      ? serviceError(404, 'ROUTE_NOT_FOUND', 'INVALID_REQUEST_ERROR', 'No such route.')
      : ctx.forward(request),
};

/** Every rule the planted-bug proxy can break, by name, and the plain real-deployment mode. */
export const PLANTED_BUGS = {
  ...PAGINATION_BUGS,
  ...AUTH_AND_SCHEMA_BUGS,
  ...FILTER_AND_WRITE_BUGS,
  ...ISOLATION_BUGS,
  ...DESKTOP_BUGS,
  ...BOOK_BUGS,
  ...REPORT_BUGS,
  'without-sandbox-controls': withoutSandboxControls,
} satisfies Record<string, PlantedBug>;

export type BugName = keyof typeof PLANTED_BUGS;
