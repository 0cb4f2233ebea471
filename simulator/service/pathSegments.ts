/** A percent-decoded path segment, or undefined when the escapes are broken (`%zz`, bad UTF-8). */
export function decodeSegment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
