import { badgeKind } from './badge';
import { categoryKind } from './category';
import { profileKind } from './profile';
import { reputationKind } from './reputation';
import type { OptionTable } from '../option-types';

/** Every kind's descriptor by `type` (`badges` is an alias of `badge`). */
export const KINDS = {
  reputation: reputationKind,
  badge: badgeKind,
  badges: badgeKind,
  profile: profileKind,
  category: categoryKind,
} as const;

/** Every option any kind has, by name: what an HTML attribute may set. */
export const ALL_OPTIONS: OptionTable = /* @__PURE__ */ Object.assign(
  {},
  ...Object.values(KINDS).map((kind) => kind.options as OptionTable),
);
