/**
 * The widget kinds as the tests read them: from the registry (src/widgets/kinds/registry.ts),
 * never written out. A table with a row per kind is typed `Record<WidgetType, …>`, so tsc fails
 * until a new kind (or alias) has its row; a list of kinds to run is {@link KIND_NAMES}.
 */
import { WIDGET_CLASSES, type WidgetType } from '../../src/widgets/kinds';

export type { WidgetType };

/** Every kind by its name (its folder, and the `type` that builds it), aliases left out. */
export const KIND_NAMES: readonly WidgetType[] = WIDGET_CLASSES.map(({ kind }) => kind.name);
