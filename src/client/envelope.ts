import { fail, malformed } from './failure';
import { isRecord, isText, parseJson } from '../util/values';

/**
 * The `code` of a repkit proxy's 502 whose `upstream` is not the service (it answered a 404 that
 * is not the service's own): the proxy sets it, the client recognises it.
 */
export const UPSTREAM_NOT_SERVICE = 'upstream-not-service';

/**
 * The `code` of a repkit proxy's 503 that stands for the service's spent quota (its
 * `Retry-After`, which the proxy exposes to pages, says until when): the client takes it as the
 * quota it is, not as a service in trouble.
 */
export const QUOTA_USED_UP = 'quota-used-up';

/**
 * The `data` of a success envelope `{ success: true, data }` (docs/reference.md, "Errors"); otherwise
 * fails the attempt with what the answer stands for: its error status, or a body that is not
 * such an envelope. The service's own words in a failure body are its `message`, else `error`
 * (its CORS refusal sends `{ success: false, error }`), cut to a length a sentence can hold.
 */
export const unwrap = (status: number, text: string): unknown => {
  const body = parseJson(text);
  const record = isRecord(body) ? body : undefined;
  const said = [record?.message, record?.error].find(isText);
  const saidShort = said && said.length > 300 ? said.slice(0, 300) + '…' : said;
  if (status < 200 || status > 299) {
    // The service's own 404s name what is missing; its catch-all (or a body that is not even
    // JSON: another server) means the path is not one of its routes: baseUrl is wrong.
    if (status == 404 && (!record || said == 'Not Found')) fail('not-service');
    // A repkit proxy's word that the same happened to it: its `upstream` is wrong (src/proxy/classify.ts).
    if (record?.code == UPSTREAM_NOT_SERVICE) fail('proxy-upstream');
    if (record?.code == QUOTA_USED_UP) fail('quota', { detail: status, said: saidShort });
    fail(status == 401 || (status == 403 && /key/i.test(said ?? '')) ? 'invalid-key' : 'http', { detail: status, said: saidShort });
  }
  // A failure reported inside a 200 is not an answer a widget can show.
  if (record?.success === false) malformed('the service reported a failure', saidShort);
  if (record?.data != null) return record.data;
  return malformed(body && typeof body == 'object' ? 'data is missing' : text.trim() ? 'the body is not JSON' : 'the body is empty');
};
