/** Shared by the package suite's global setup (which may not import vitest's runtime) and its tests. */

export const ROOT = new URL('../..', import.meta.url).pathname;

/** What test/package/global-setup.ts hands each test file. */
export interface PackInfo {
  /** The temporary directory holding the tarball and the consumers `esm/`, `cjs/` and `ts/`. */
  dir: string;
  tarball: string;
  version: string;
  /** Paths inside the tarball, sorted. */
  files: string[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    pack: PackInfo;
  }
}
