/** `_` as sent, or percent-encoded: a key pasted into an encoded URL is still a key. */
const SEP = '(?:_|%5f)';
/** A secret starts a word, or follows a percent escape (`?next=%3Fkey%3Dsk_...`), so `disk_cache_...` is left alone. */
const START = '(?:(?<![a-z0-9])|(?<=%[0-9a-f]{2}))';
/** API keys (secret and publishable, any environment) and connect-link secrets. */
const SECRETS = new RegExp(`${START}(?:(sk|pk)${SEP}(?:([a-z]+)${SEP})?|(auth${SEP}sess${SEP}client${SEP}secret${SEP}))([a-z0-9_]{4,})`, 'gi');

/**
 * The one redaction of everything that records a request (the debug log, the Requests page):
 * whatever part of a request carries a secret, it is written as its kind and last four characters,
 * which the dashboard shows anyway to tell keys apart and which cannot be used.
 */
export function redactSecrets(text: string): string {
  return text.replace(SECRETS, (_secret, kind: string | undefined, env: string | undefined, connect: string | undefined, body: string) => {
    const prefix = connect !== undefined ? 'auth_sess_client_secret_' : `${kind}_${env === undefined ? '' : `${env}_`}`;
    return `${prefix}…${body.slice(-4)}`;
  });
}
