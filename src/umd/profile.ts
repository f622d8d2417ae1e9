/**
 * `repkit.profile.umd.js`: the script tag for a page that shows only profile widgets. The same
 * global `RepKit` and snippet as `repkit.umd.js`, for this kind alone (see ./kind-script.ts).
 */
import { ProfileWidget } from '../widgets/profile-widget';
import { profileKind } from '../widgets/kinds/profile';
import { kindScript } from './kind-script';

export * from './common';
export { ProfileWidget };

export const { createWidget, mountAll, autoMount, WIDGET_TYPES } = kindScript({
  profile: { widget: ProfileWidget, options: profileKind.options },
});
