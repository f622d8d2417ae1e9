/** Types of ./build.mjs. */
/** Absolute path of dist/repkit.proxy.mjs. */
export declare const PROXY_DIST: string;
/** Absolute path of dist/repkit.proxy.node.mjs. */
export declare const PROXY_NODE_DIST: string;
/** Builds the proxy entries now. */
export declare function buildProxy(): void;
/** Builds the proxy entries unless dist/ has them newer than src/proxy/; returns PROXY_DIST. */
export declare function ensureProxyBuild(): string;
