/**
 * A passthrough request the desktop application cannot parse: an unknown request or element, or
 * elements out of the order its schema requires. The desktop answers no status for it; the
 * connector fails with HRESULT 0x80040400, which the Service reports as a connection error.
 */
export class PassthroughParseError extends Error {
  static readonly HRESULT = '0x80040400';
}
