/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_REPKIT_BASE_URL?: string;
  readonly VITE_REPKIT_API_KEY?: string;
}
