/**
 * The young generation of a thread that makes hundreds of thousands of short-lived objects (a
 * report's rows and cells; a filling's request bodies, documents and postings), larger than V8's
 * default, with which the collector copied them again and again: on 205,000 transactions a month's
 * general ledger and a history's deposit detail took 3-8% less CPU through a report thread
 * (alternating runs); seeding about 100,000 transactions (half the bench's sizes) spent 2.6 s in
 * 422 young collections with the default and 1.7-1.9 s in 58-117 with this. Only what is
 * allocated is held.
 */
export const YOUNG_GENERATION_MB = 192;
