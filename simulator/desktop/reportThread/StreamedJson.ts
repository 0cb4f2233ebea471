import type { Readable } from 'node:stream';

/**
 * A report's JSON longer than one slice, as the report thread writes it: the first slice (the
 * answer's head), then the rest as it comes, a Buffer each. `rest` ends after the slice that closes
 * the answer; destroying it (the client left) tells the thread to write no more, and fails it when
 * the thread died half way (the answer is then cut, never made half an error).
 */
export class StreamedJson {
  constructor(
    readonly first: Buffer,
    readonly rest: Readable,
  ) {}

  /** Every slice, once the thread has written the last: for what needs the answer whole (a check against the spec). */
  async whole(): Promise<Buffer[]> {
    const parts = [this.first];
    for await (const part of this.rest) parts.push(part as Buffer);
    return parts;
  }
}

/** A report's JSON in one buffer, however it came. */
export async function wholeJson(answer: Buffer | StreamedJson): Promise<Buffer> {
  return Buffer.isBuffer(answer) ? answer : Buffer.concat(await answer.whole());
}
