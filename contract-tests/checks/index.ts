import type { Check } from '../runner/checkTypes.ts';
import type { SpecModel, SpecOperation } from '../runner/specModel.ts';
import { endUserMissing, endUserUnknown } from './auth/endUserChecks.ts';
import { malformedKey, noKey, unknownKey } from './auth/keyChecks.ts';
import { connectionStates } from './desktop/connectionStates.ts';
import { queueOrder, requestTimeout } from './desktop/timeoutsAndQueue.ts';
import { dateRange } from './filters/dateRange.ts';
import { idsExact } from './filters/idsExact.ts';
import { idsMissing } from './filters/idsMissing.ts';
import { namesExact } from './filters/namesExact.ts';
import { statusFilter } from './filters/statusFilter.ts';
import { cursorIsolation, objectIdIsolation } from './isolation/isolationChecks.ts';
import { fuzzInputs } from './negative/fuzzInputs.ts';
import type { OperationCheck } from './operationCheck.ts';
import { passthroughQuery } from './passthrough/passthroughQuery.ts';
import { reportShape } from './reports/reportShape.ts';
import { agingMatchesCustomers, balanceSheetBalances, payablesMatchVendors, receivablesMatchCustomers, trialBalanceBalances } from './reports/reportsReconcile.ts';
import { completeWalk } from './pagination/completeWalk.ts';
import { cursorExpiry } from './pagination/cursorExpiry.ts';
import { cursorResend } from './pagination/cursorResend.ts';
import { cursorStable } from './pagination/cursorStable.ts';
import { defaultPageSize } from './pagination/defaultPageSize.ts';
import { hasMore } from './pagination/hasMore.ts';
import { limitBounds } from './pagination/limitBounds.ts';
import { noDuplicates } from './pagination/noDuplicates.ts';
import { noMoreResults } from './pagination/noMoreResults.ts';
import { pageSize } from './pagination/pageSize.ts';
import { remainingCount } from './pagination/remainingCount.ts';
import { errorShape } from './schema/errorShape.ts';
import { responsesMatchSpec } from './schema/responsesMatchSpec.ts';
import { plainHttpCheck } from './transport/plainHttpRefused.ts';
import { createRetrieveList } from './writes/createRetrieveList.ts';
import { deleteTransaction, voidTransaction } from './writes/deleteVoid.ts';
import { deletedListed } from './writes/deletedListed.ts';
import { depositHoldsPayment } from './writes/depositHoldsPayment.ts';
import { paymentApplied } from './writes/paymentApplied.ts';
import { duplicateName } from './writes/duplicateName.ts';
import { staleRevision, updateRevision } from './writes/updateRevision.ts';

const PER_OPERATION: OperationCheck[] = [
  defaultPageSize,
  limitBounds,
  pageSize,
  cursorStable,
  remainingCount,
  hasMore,
  noDuplicates,
  completeWalk,
  noMoreResults,
  cursorExpiry,
  cursorResend,
  idsExact,
  idsMissing,
  namesExact,
  statusFilter,
  dateRange,
  cursorIsolation,
  objectIdIsolation,
  createRetrieveList,
  updateRevision,
  staleRevision,
  duplicateName,
  deleteTransaction,
  voidTransaction,
  paymentApplied,
  depositHoldsPayment,
  deletedListed,
  reportShape,
  passthroughQuery,
  responsesMatchSpec,
];

/** A rule's wait, for one operation. */
function bound(waits: NonNullable<OperationCheck['waits']>, op: SpecOperation): NonNullable<Check['waits']> {
  return { ms: waits.ms, open: (ctx) => waits.open(ctx, op), judge: (ctx, opened) => waits.judge(ctx, op, opened) };
}

/** Every check of a run: target-wide rules, then each per-operation rule for the operations it fits. */
export function allChecks(spec: SpecModel, options: { httpUrl: string | undefined }): Check[] {
  const checks: Check[] = [plainHttpCheck(options.httpUrl), noKey, malformedKey, unknownKey, endUserMissing, endUserUnknown, connectionStates, requestTimeout, queueOrder, trialBalanceBalances, balanceSheetBalances, receivablesMatchCustomers, payablesMatchVendors, agingMatchesCustomers];
  for (const rule of PER_OPERATION) {
    for (const op of spec.operations.filter((o) => rule.applies(o))) {
      checks.push({
        id: rule.id,
        area: rule.area,
        rule: rule.rule,
        operationId: op.operationId,
        ...(rule.writes ? { writes: true } : {}),
        ...(rule.last ? { last: true } : {}),
        ...(rule.waits ? { waits: bound(rule.waits, op) } : {}),
        run: (ctx) => rule.run(ctx, op),
      });
    }
  }
  checks.push(fuzzInputs, errorShape);
  return checks;
}
