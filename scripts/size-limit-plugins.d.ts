// The two size-limit plugins ship no declarations: each module's default export is its list of
// plugin objects (node_modules/@size-limit/*/index.js), which scripts/size.mjs hands to size-limit.
declare module '@size-limit/esbuild' {
  const plugins: object[];
  export default plugins;
}
declare module '@size-limit/file' {
  const plugins: object[];
  export default plugins;
}
