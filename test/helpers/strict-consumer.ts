/**
 * The strictest settings a consumer compiles repkit's declarations under (skipLibCheck off, so
 * the declarations themselves are checked), for a bundler project.
 */
export const STRICT_CONSUMER = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: false,
  noEmit: true,
  target: 'ES2022',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  types: [],
  module: 'preserve',
  moduleResolution: 'bundler',
};
