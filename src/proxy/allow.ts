import { messageBody, type Failure } from './classify';

/** The on-chain address a route path asks about (`scores/{address}/…`), or undefined for metadata. */
const addressOfPath = (path: string): string | undefined => (path.startsWith('metadata/') ? undefined : path.split('/')[1]);

/**
 * The answer to an address the site does not serve, the same for a refusal and a hook that failed:
 * a 404 with a message, which widgets show as an address without data (not as a broken proxy).
 */
const REFUSED: Failure = { status: 404, body: messageBody('repkit proxy: this site does not serve that address') };

/**
 * Asks the operator's `allowAddress` hook (option of createProxy) about a route's address:
 * undefined to go on, or the 404 to answer. A hook that throws or rejects refuses: the site
 * said it serves only some addresses, so failing closed keeps that promise.
 */
export const addressAllowed = async (
  allowAddress: ((address: string) => boolean | Promise<boolean>) | undefined,
  path: string,
): Promise<Failure | undefined> => {
  const address = allowAddress && addressOfPath(path);
  if (!allowAddress || !address) return undefined;
  try {
    return (await allowAddress(address)) === true ? undefined : REFUSED;
  } catch {
    return REFUSED;
  }
};
