import type { BadgeWidgetOptions } from './kinds/badge';
import type { CategoryWidgetOptions } from './kinds/category';
import type { ProfileWidgetOptions } from './kinds/profile';
import type { ReputationWidgetOptions } from './kinds/reputation';
import type { OptionsOf } from './descriptor';
import type { COMMON_OPTIONS } from './common-options';

export type { BadgeWidgetOptions, CategoryWidgetOptions, ProfileWidgetOptions, ReputationWidgetOptions };

/** The widget kinds `createWidget` can build. `'badges'` is an alias of `'badge'`. */
export type WidgetType = 'reputation' | 'badge' | 'badges' | 'profile' | 'category';

/** `'auto'` follows the system colour preference and changes with it live. */
export type Theme = 'light' | 'dark' | 'auto';

/** What the host element's `data-state` attribute says. */
export type WidgetState = 'loading' | 'ready' | 'error';

/** Options every widget kind accepts. */
export type BaseWidgetOptions = OptionsOf<typeof COMMON_OPTIONS, 'address'>;

/** `createWidget` config: the options of one kind plus its `type`. */
export type WidgetConfig =
  | (ReputationWidgetOptions & { type: 'reputation' })
  | (BadgeWidgetOptions & { type: 'badge' | 'badges' })
  | (ProfileWidgetOptions & { type: 'profile' })
  | (CategoryWidgetOptions & { type: 'category' });
