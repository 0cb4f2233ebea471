/**
 * Failed sign-ins let through before further tries wait, counted over a sliding window.
 *
 * Per email: ten is more than anyone mistyping needs and far too few to guess even a weak password
 * (40 tries an hour at most). The window is what bounds a stranger who guesses at the demo account
 * to lock its owner out: refused tries are not counted, so the lock ends 15 minutes after their
 * tenth failure however long they keep hammering, and a successful sign-in clears the email's count.
 * Unknown emails are counted the same way, so a refusal does not tell which accounts exist.
 *
 * Per client address: higher, so someone trying their few accounts (or a team behind one address)
 * is never refused by it, while one address cannot spread guesses over many emails.
 */
export const SIGN_IN_LIMITS = {
  email: { failures: 10, windowMs: 15 * 60_000 },
  address: { failures: 50, windowMs: 15 * 60_000 },
} as const;

type Scope = keyof typeof SIGN_IN_LIMITS;

/** Past this many keys, a try first drops the keys whose failures all expired: a spray of emails cannot grow memory for ever. */
const SWEEP_ABOVE = 10_000;

const SCOPES = Object.keys(SIGN_IN_LIMITS) as Scope[];

/** Emails are counted as accounts are looked up (case does not matter); an IPv4 client seen over IPv6 is the same address. */
function keysOf(email: string, address: string): Record<Scope, string> {
  return { email: email.trim().toLowerCase(), address: address.replace(/^::ffff:/, '') };
}

export type Admission = { admitted: true; at: number } | { admitted: false; retryAfterSeconds: number };

/**
 * The dashboard's sign-in throttle, in memory (a restart forgets the counts, which only ever lets a
 * locked-out owner in sooner). Time is passed in by the caller, from the sandbox's clock.
 */
export class SignInThrottle {
  private readonly failures: Record<Scope, Map<string, number[]>> = { email: new Map(), address: new Map() };

  /**
   * A try is counted as a failure the moment it is admitted, before its password is checked, so
   * guesses sent in parallel are counted as they arrive rather than after their hashes finish.
   */
  admit(email: string, address: string, now: number): Admission {
    const keys = keysOf(email, address);
    let waitMs = 0;
    for (const scope of SCOPES) {
      const { failures, windowMs } = SIGN_IN_LIMITS[scope];
      const times = this.recent(scope, keys[scope], now);
      // The oldest counted failure leaving the window is what lets the next try in.
      if (times.length >= failures) waitMs = Math.max(waitMs, (times[times.length - failures] ?? now) + windowMs - now);
    }
    if (waitMs > 0) return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    for (const scope of SCOPES) {
      const map = this.failures[scope];
      if (map.size > SWEEP_ABOVE) this.sweep(scope, now);
      map.set(keys[scope], [...(map.get(keys[scope]) ?? []), now]);
    }
    return { admitted: true, at: now };
  }

  /** The admitted try signed in: the email starts afresh, and the address loses this one try's count. */
  succeeded(email: string, address: string, at: number): void {
    const keys = keysOf(email, address);
    this.failures.email.delete(keys.email);
    const times = this.failures.address.get(keys.address) ?? [];
    const i = times.lastIndexOf(at);
    if (i >= 0) times.splice(i, 1);
    if (times.length === 0) this.failures.address.delete(keys.address);
  }

  /** The key's failures still inside the window, oldest first; the expired ones are dropped. */
  private recent(scope: Scope, key: string, now: number): number[] {
    const map = this.failures[scope];
    const since = now - SIGN_IN_LIMITS[scope].windowMs;
    const times = (map.get(key) ?? []).filter((t) => t > since);
    if (times.length > 0) map.set(key, times);
    else map.delete(key);
    return times;
  }

  private sweep(scope: Scope, now: number): void {
    for (const key of [...this.failures[scope].keys()]) this.recent(scope, key, now);
  }
}
