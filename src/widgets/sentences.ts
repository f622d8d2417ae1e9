import type { Localized } from './descriptor';

/**
 * The failure sentences that a widget says itself and its failure chunk (./messages) says too:
 * each build that needs them has them, and the chunk still imports nothing a script must share.
 */

/** What a widget says of a failure that is not the service's (a view threw), and of any failure while ./messages cannot load. */
export const COULD_NOT_SHOW = 'This widget could not be shown.';

/**
 * What a widget says while the key's quota is spent, until `at` (epoch ms): that, and when it
 * loads again by itself (in the visitor's locale and time zone). Said in the error view when a
 * load is refused by the quota gate, and in the loading view while the client waits for a reset
 * that is seconds away.
 */
export const quotaSentence = (at: number, { t, locale }: Pick<Localized, 't' | 'locale'>): string =>
  t('Quota used up: trying again at $.', new Date(at).toLocaleString(locale));
