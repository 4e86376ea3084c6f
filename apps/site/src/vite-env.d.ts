/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_CONTENT_BASE_URL?: string;
  readonly VITE_CLIENT_ID?: string;
}
