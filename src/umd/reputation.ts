/**
 * `repkit.reputation.umd.js`: the script tag for a page that shows only reputation widgets. The same
 * global `RepKit` and snippet as `repkit.umd.js`, for this kind alone (see ./kind-script.ts).
 */
import { ReputationWidget } from '../widgets/reputation-widget';
import { reputationKind } from '../widgets/kinds/reputation';
import { kindScript } from './kind-script';

export * from './common';
export { ReputationWidget };

export const { createWidget, mountAll, autoMount, WIDGET_TYPES } = kindScript({
  reputation: { widget: ReputationWidget, options: reputationKind.options },
});
