/** A place a walk of a JSON document met: its parent (none at the top) and its key or index there. */
export interface WalkStep {
  parent: WalkStep | undefined;
  step: string | number;
}

/**
 * The path of a place (`lines[2].rate`), with `last` as one more step when given. Walks keep
 * parents instead of paths and spell one out only for the problem they report: a fixture of
 * 100,000 objects has millions of places and, when it is valid, no problem.
 */
export function pathOf(at: WalkStep | undefined, last?: string | number): string {
  const steps: (string | number)[] = last === undefined ? [] : [last];
  for (let place = at; place?.parent; place = place.parent) steps.push(place.step);
  let path = '';
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    const step = steps[i] as string | number;
    path = typeof step === 'number' ? `${path}[${step}]` : path ? `${path}.${step}` : step;
  }
  return path;
}
