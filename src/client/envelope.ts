import { fail, malformed } from './failure';
import { isRecord, isText, parseJson } from '../util/values';

/**
 * The `data` of a success envelope `{ success: true, data }` (README, "Errors"); otherwise
 * fails the attempt with what the answer stands for: its error status, or a body that is not
 * such an envelope. The service's own words in a failure body are its `message`, else `error`
 * (its CORS refusal sends `{ success: false, error }`), cut to a length a sentence can hold.
 */
export const unwrap = (status: number, text: string): unknown => {
  const body = parseJson(text);
  const record = isRecord(body) ? body : undefined;
  const said = [record?.message, record?.error].find(isText);
  const saidShort = said && said.length > 300 ? said.slice(0, 300) + '…' : said;
  if (status < 200 || status > 299) fail('http', `the service answered with status ${status}`, saidShort);
  // A failure reported inside a 200 is not an answer a widget can show.
  if (record?.success === false) malformed('the service reported a failure', saidShort);
  if (record?.data != null) return record.data;
  return malformed(body && typeof body == 'object' ? 'data is missing' : text.trim() ? 'the body is not JSON' : 'the body is empty');
};
