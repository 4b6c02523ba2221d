/**
 * Build-time constants of the SPA (DESIGN.md §6): the key that decrypts an encrypted runtime
 * configuration (spec §1), injected by vite.config.ts; '' when the build had none.
 */
declare const __RUNTIME_CONFIG_KEY__: string;
