/**
 * `repkit.profile.umd.js`: the script tag for a page that shows only profile widgets. The same
 * global `RepKit` and snippet as `repkit.umd.js`, for this kind alone (see src/umd/kind-script.ts).
 */
import { kindScript } from '../../../umd/kind-script';
import { profileEntry, ProfileWidget } from './widget';

export * from '../../../umd/common';
export { ProfileWidget };

export const { createWidget, mountAll, autoMount, WIDGET_TYPES } = kindScript({ profile: profileEntry });
