import { budgetSentence } from './budget';
import type { ResolvedProxyOptions } from './options';
import type { ProxyEvent } from './types';

/**
 * The event a proxy sends once, when it is created: the upstream and the origins it serves, so
 * that an operator reads in the log what the environment came to (a wrong `REPKIT_UPSTREAM`, an
 * `ALLOW_ORIGINS` that was not set, a platform that gives no client address for the budget)
 * before the first visitor finds out.
 */
export const readyEvent = ({ upstream, allowOrigins, basePath, clientBudget, trustProxy }: ResolvedProxyOptions): ProxyEvent => {
  const origins = allowOrigins == '*' ? '*' : [...allowOrigins];
  const pages =
    origins == '*'
      ? 'pages of any origin'
      : origins.length
        ? `same-origin pages and ${origins.join(', ')}`
        : 'same-origin pages only (allowOrigins is empty)';
  const at = basePath === undefined ? 'under any path' : `at ${basePath || '/'}`;
  return {
    type: 'ready',
    upstream,
    allowOrigins: origins,
    message: `repkit proxy: forwarding ${at} to ${upstream} for ${pages}; ${budgetSentence(clientBudget, trustProxy)}`,
  };
};
