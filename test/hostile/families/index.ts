import type { HostileFamily } from '../hostileCase.ts';
import { bodyLimitFamily } from './bodyLimitFamily.ts';
import { httpLayerFamily } from './httpLayerFamily.ts';
import { moneyFamily } from './moneyFamily.ts';
import { oversizedBodyFamily } from './oversizedBodyFamily.ts';
import { pathEscapeFamily } from './pathEscapeFamily.ts';
import { projectClockFamily } from './projectClockFamily.ts';
import { queryKeyFamily } from './queryKeyFamily.ts';
import { abortedUploadFamily, contentTypeFamily, redirectUrlFamily, timeoutHeaderFamily } from './requestFormFamilies.ts';

/** Every family of hostile input, in the order of issue 8's items. */
export const HOSTILE_FAMILIES: readonly HostileFamily[] = [
  moneyFamily,
  pathEscapeFamily,
  bodyLimitFamily,
  queryKeyFamily,
  oversizedBodyFamily,
  httpLayerFamily,
  timeoutHeaderFamily,
  redirectUrlFamily,
  contentTypeFamily,
  abortedUploadFamily,
  projectClockFamily,
];
