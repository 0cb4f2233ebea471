/**
 * A status code the desktop application itself reports. The desktop side knows nothing of HTTP; the
 * Service turns these into `LDG_REQUEST_ERROR` responses with the code as `integrationCode`.
 */
export const DESKTOP_STATUS = {
  NOT_FOUND: 500,
  INVALID_ID: 3000,
  INVALID_DATE: 3020,
  DATE_RANGE_REVERSED: 3030,
  NAME_IN_USE: 3100,
  OBJECT_NOT_FOUND: 3120,
  INVALID_REFERENCE: 3140,
  MODIFY_FAILED: 3170,
  IN_USE: 3175,
  SAVE_FAILED: 3180,
  STALE_REVISION: 3200,
  FEATURE_NOT_ENABLED: 3250,
  PERMISSION_DENIED: 3260,
} as const;

export type DesktopStatus = (typeof DESKTOP_STATUS)[keyof typeof DESKTOP_STATUS];

export class DesktopError extends Error {
  constructor(
    readonly status: DesktopStatus,
    message: string,
  ) {
    super(message);
  }
}
