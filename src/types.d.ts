/** Stylesheets are imported as text at build time (rollup.config.mjs, and Vite in tests). */
declare module '*.css?raw' {
  const css: string;
  export default css;
}
