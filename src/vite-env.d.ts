/// <reference types="vite/client" />

/** The package version and the build's id (vite.config.ts `define`). */
declare const __AER1_VERSION__: string;
declare const __AER1_BUILD__: string;
