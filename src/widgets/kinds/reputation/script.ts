/**
 * `repkit.reputation.umd.js`: the script tag for a page that shows only reputation widgets. The same
 * global `RepKit` and snippet as `repkit.umd.js`, for this kind alone (see src/umd/kind-script.ts).
 */
import { kindScript } from '../../../umd/kind-script';
import { reputationEntry, ReputationWidget } from './widget';

export * from '../../../umd/common';
export { ReputationWidget };

export const { createWidget, mountAll, autoMount, WIDGET_TYPES } = kindScript({ reputation: reputationEntry });
