/** Large enough for nearly every object; a longer one gets a buffer of its own. */
const scratch = Buffer.allocUnsafe(256 * 1024);

/**
 * A stored object's JSON as bytes to bind, written into one buffer used again and again: SQLite
 * copies a bound blob at once (better-sqlite3 binds with SQLITE_TRANSIENT), and a bulk load
 * encoded 100,000 objects into as many new buffers. Valid only until the next call.
 */
export function encodeDoc(doc: string): Buffer {
  // A UTF-16 unit is at most 3 bytes of UTF-8.
  if (doc.length * 3 > scratch.length) return Buffer.from(doc, 'utf8');
  return scratch.subarray(0, scratch.write(doc, 0, 'utf8'));
}
