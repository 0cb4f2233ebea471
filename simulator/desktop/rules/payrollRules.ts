import { objectsOf } from '../values/json.ts';
import { centsOf, paycheckFigures } from '../books/payrollFigures.ts';
import { fromCents } from '../values/money.ts';
import type { TypeRules } from '../table/TypeRules.ts';

/** The desktop works out a paycheck's gross and net pay from its lines; a request never sets them. */
export const paycheckRules: TypeRules = {
  compute(ctx, doc) {
    const { gross, net } = paycheckFigures(ctx, doc);
    doc['grossPay'] = fromCents(gross, 'A paycheck gross pay');
    doc['amount'] = fromCents(net, 'A paycheck net pay');
  },
};

/** A liability check pays the sum of its lines. */
export const liabilityCheckRules: TypeRules = {
  compute(_ctx, doc) {
    doc['amount'] = fromCents(
      objectsOf(doc['lines']).reduce((sum, line) => sum + centsOf(line['amount']), 0),
      'A liability check amount',
    );
  },
};
