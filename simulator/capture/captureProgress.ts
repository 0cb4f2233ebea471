/**
 * How far a capture's reading has come, as its progress reports tell it. Apart from the reader so
 * that the package's declarations of `captureFixture` reach no module of the simulator.
 */
export interface ReadProgress {
  collection: string;
  /** Objects of this collection read so far, and how many it has (known after its first page). */
  read: number;
  total: number | undefined;
  requests: number;
  /** Mean milliseconds of a request so far. */
  msPerRequest: number;
}
