import { DESKTOP_STATUS, type DesktopStatus } from '../values/DesktopError.ts';

/**
 * The states of the end user's machine as a request meets them, as data: what each answers and
 * whether retrying can help. `connected` answers; `closed` starts the application and then answers.
 */
export type ConnectionState = keyof typeof CONNECTION_STATES;

export interface RefusingState {
  /** `setup` and `connector` are the Service's own answers (409); `application` carries an HRESULT (502). */
  side: 'setup' | 'connector' | 'application';
  hresult?: string;
  message: string;
  /** Whether a client's retry a moment later can succeed: said to it as `x-should-retry`. */
  retry: boolean;
}

export const CONNECTION_STATES = {
  connected: undefined,
  closed: undefined,
  not_set_up: { side: 'setup', message: 'has not finished connecting a company file', retry: false },
  not_polling: { side: 'connector', message: "has no connector polling: the machine is off or asleep, or the connector is not running", retry: false },
  starting: { side: 'application', hresult: '0x80040424', message: 'The desktop application is still starting.', retry: true },
  not_reachable: { side: 'application', hresult: '0x80040401', message: 'Could not access the desktop application.', retry: true },
  cannot_start: { side: 'application', hresult: '0x80040408', message: 'Could not start the desktop application.', retry: false },
  cannot_open_file: { side: 'application', hresult: '0x80040403', message: 'The desktop application cannot open the company file.', retry: false },
  wrong_company_file: { side: 'application', hresult: '0x8004040A', message: 'A different company file is open in the desktop application.', retry: false },
  wrong_user_mode: { side: 'application', hresult: '0x80040410', message: 'The company file is open in the wrong single-user or multi-user mode.', retry: false },
  modal_dialog: { side: 'application', hresult: '0x80040414', message: 'A dialog box is open in the desktop application and blocks it.', retry: false },
  no_file_open: { side: 'application', hresult: '0x80040416', message: 'No company file is open and the request names none.', retry: false },
  never_authorized: { side: 'application', hresult: '0x80040418', message: 'This application has never been authorised to access the company file.', retry: false },
  access_denied: { side: 'application', hresult: '0x80040420', message: 'The desktop user denied this application access to the company file.', retry: false },
} as const satisfies Record<string, RefusingState | undefined>;

/**
 * The `lost_answer` fault: the desktop carried out the request, then the connection dropped before
 * its answer reached the Service. The Service cannot tell this from a desktop it never reached, so
 * it answers the same retryable connection error: a client that retries blindly does the write twice.
 */
export const LOST_ANSWER: RefusingState = {
  side: 'application',
  hresult: '0x80040401',
  message: 'Could not access the desktop application: the connection was lost before its answer arrived.',
  retry: true,
};

export const CONNECTION_STATE_NAMES = Object.keys(CONNECTION_STATES) as ConnectionState[];

/** What the desktop application says for a status code a fault makes it report ([ours]: wording of our own). */
export const FAULT_STATUS_MESSAGES: Readonly<Record<DesktopStatus, string>> = {
  [DESKTOP_STATUS.NOT_FOUND]: 'The query request has not been fully completed: an object it names could not be found.',
  [DESKTOP_STATUS.INVALID_ID]: 'An object id in the request is not in the form the desktop application uses.',
  [DESKTOP_STATUS.INVALID_DATE]: 'A date in the request is not valid.',
  [DESKTOP_STATUS.DATE_RANGE_REVERSED]: 'The from-date of the request is after its to-date.',
  [DESKTOP_STATUS.NAME_IN_USE]: 'The name of the object is already in use.',
  [DESKTOP_STATUS.OBJECT_NOT_FOUND]: 'An object the request refers to could not be found.',
  [DESKTOP_STATUS.INVALID_REFERENCE]: 'There is an invalid reference in the request.',
  [DESKTOP_STATUS.MODIFY_FAILED]: 'There was an error when modifying the object.',
  [DESKTOP_STATUS.IN_USE]: 'The object is in use by another user or another part of the desktop application.',
  [DESKTOP_STATUS.SAVE_FAILED]: 'There was an error when saving the object.',
  [DESKTOP_STATUS.STALE_REVISION]: 'The provided revision number (edit sequence) is out-of-date.',
  [DESKTOP_STATUS.FEATURE_NOT_ENABLED]: 'The feature this request needs is not enabled in the company file.',
  [DESKTOP_STATUS.PERMISSION_DENIED]: 'The desktop user does not have permission for this request.',
};

/** Status codes whose request can succeed if sent again unchanged a moment later. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([DESKTOP_STATUS.IN_USE]);

/** What a request asks the desktop application to do: each kind has its own latency. */
export const CALL_KINDS = ['list', 'retrieve', 'create', 'update', 'health'] as const;
export type CallKind = (typeof CALL_KINDS)[number];

/**
 * `realistic`: about what integrators measure on real machines (service-facts.md): a list page
 * ~4.9 s, a create ~3 s, a health check ~5.7 s when the connector was idle ([ours]: idle means no
 * request for 60 s; 1 s otherwise). Retrieves and updates are [ours].
 */
export const LATENCY_PROFILES: Readonly<Record<'instant' | 'realistic', Readonly<Record<CallKind, number>> & { jitter: number }>> = {
  instant: { list: 0, retrieve: 0, create: 0, update: 0, health: 0, jitter: 0 },
  realistic: { list: 4_900, retrieve: 2_500, create: 3_000, update: 3_000, health: 1_000, jitter: 0.2 },
};
export const COLD_HEALTH_MS = 5_700;
export const COLD_AFTER_MS = 60_000;
