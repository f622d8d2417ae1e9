/** Stylesheets are imported as text at build time (rollup.config.mjs, and Vite in tests). */
declare module '*.css?raw' {
  const css: string;
  export default css;
}

/**
 * The share card's font (Noto Sans Regular, SIL Open Font License 1.1) as base64: a module made
 * at build time from the devDependency @expo-google-fonts/noto-sans (scripts/card-font.mjs), the
 * same bytes on every runtime.
 */
declare module 'virtual:repkit-card-font' {
  const base64: string;
  export default base64;
}

/**
 * `scheduler.yield()` (Chrome 129; not yet in TypeScript's DOM types): the rest of a slice goes
 * first in line. Absent from other browsers and servers, so src/widgets/tasks.ts checks for it.
 */
// eslint-disable-next-line no-var -- only `var` declares a property of globalThis
declare var scheduler: { yield?(): Promise<void> } | undefined;
