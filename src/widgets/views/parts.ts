/**
 * The `part`s any kind's view can name (docs/theming.md, "Theming"): the card itself and what
 * every kind shares (the notices, the error view, the "+N more" line). Each kind lists its own
 * in its descriptor (`Kind.parts`).
 */
export const COMMON_PARTS: readonly string[] = ['widget', 'empty', 'more', 'slow', 'stale', 'error', 'retry'];
