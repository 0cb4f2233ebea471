import type { StreamedJson } from '../desktop/reportThread/StreamedJson.ts';

/**
 * JSON of a 200 body: text, or bytes when it was assembled from stored objects, or parts of bytes
 * sent one after the other (a list page's envelope around its objects, never copied together), or
 * a large report's JSON as its thread writes it (sent as it comes, its length not known before).
 */
export type ResponseBody = string | Buffer | readonly Buffer[] | StreamedJson;
