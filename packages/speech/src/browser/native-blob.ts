/**
 * Stands in for `blob-polyfill` in the browser build (apps/web/vite.config.ts alias).
 * SoundSwallower's web build imports its Blob from that polyfill, which reads `document` when it
 * loads and so fails in a Web Worker; every browser the app supports has Blob.
 */
export const Blob = globalThis.Blob;
