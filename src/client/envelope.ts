import type { Failure } from './failure';
import type { Answer } from './transport';
import { isRecord, parseJson } from '../util/values';

/**
 * The service's own words in a failure body: `message`, else `error` (its CORS refusal sends
 * `{ success: false, error }`), cut to a length a sentence can hold.
 */
const saidIn = (body: unknown): string | undefined => {
  for (const field of ['message', 'error']) {
    const text = isRecord(body) ? body[field] : undefined;
    if (typeof text == 'string' && text.trim()) return text.length > 300 ? text.slice(0, 300) + '…' : text;
  }
  return undefined;
};

/**
 * The `data` of a success envelope `{ success: true, data }` (README, "Errors"), or the
 * failure the answer stands for: its error status, or a body that is not such an envelope.
 */
export const unwrap = ({ status, text }: Answer): { data: unknown } | Failure => {
  const body = parseJson(text);
  if (status < 200 || status > 299) return { kind: 'http', said: saidIn(body) };
  // A failure reported inside a 200 is not an answer a widget can show.
  if (isRecord(body) && body.success === false) return { kind: 'malformed', said: saidIn(body), problem: 'the service reported a failure' };
  if (isRecord(body) && body.data != null) return { data: body.data };
  const problem = body && typeof body == 'object' ? 'data is missing' : text.trim() ? 'the body is not JSON' : 'the body is empty';
  return { kind: 'malformed', problem };
};
