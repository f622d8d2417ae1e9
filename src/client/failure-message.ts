import type { ServiceErrorKind } from '../errors';
import type { Message } from '../i18n/messages';
import { pageOrigin } from '../util/values';

/**
 * The words of a failure that are not a status or a reset: what a visitor reads (a widget's
 * sentence, src/widgets/messages.ts) and what a developer reads in the `ServiceError`'s message
 * (./failure). A chunk (src/chunks/loaders.ts): a client loads it only once a request has failed,
 * so a page whose requests all succeed never does. In the script-tag builds it travels inside the
 * widgets' failure chunk (src/widgets/messages.ts re-exports {@link failureClause}): one file for
 * both, so a widget that failed waits for no second file. It imports nothing a script must share.
 */

/** The kinds whose words are here: all but `http` and `quota`, which a status and a reset say. */
export type WordedKind = Exclude<ServiceErrorKind, 'http' | 'quota'>;

/**
 * What a visitor reads of a failure of each kind but `http` and `quota` (whose sentences depend on
 * the status and the reset time, src/widgets/messages.ts), in English: each is its own key in the
 * catalogue (src/i18n/messages.ts), so every locale translates it. `$` is the page's origin.
 */
export const SENTENCES: { readonly [K in WordedKind]: Message } = {
  network: 'Could not reach the service.',
  unreachable: 'Could not reach the service: check baseUrl (host, port).',
  // The browser cannot tell these causes apart (./probe), so the sentence names both, likeliest first.
  refused:
    'The service refused this page. Most likely the API key does not allow origin$: add it in the developer portal, or use a proxy. Otherwise the key is wrong or missing: check apiKey.',
  blocked: 'Blocked by CSP: add the service to connect-src.',
  'not-service': 'No service at baseUrl (404): check its path.',
  'proxy-upstream': "The proxy's upstream is not the service (404): check the proxy's upstream option.",
  'invalid-key': 'Invalid API key.',
  timeout: 'Timed out.',
  'too-large': 'Response too large.',
  redirect: 'Redirect not followed.',
  malformed: 'Malformed response.',
};

/** What the developer's message adds to the visitor's sentence, by kind; `detail` as ./failure's `FailureFacts` says. */
const DETAILS: { readonly [K in WordedKind]?: (detail?: string | number) => string } = {
  malformed: (problem) => `: ${problem}`,
  network: (how) => ` (connection failed${how})`,
  timeout: (ms) => ` after ${ms} ms`,
  'too-large': (bytes) => ` (over ${bytes} bytes)`,
};

/**
 * The developer's message of a failure of `kind`, after `GET <url>: `: the visitor's sentence as
 * a clause (lower-case start, no full stop) with the page's origin and the detail in it.
 */
export const failureClause = (kind: WordedKind, detail?: string | number): string =>
  SENTENCES[kind][0].toLowerCase() + SENTENCES[kind].slice(1, -1).replace('$', pageOrigin()) + (DETAILS[kind]?.(detail) ?? '');
