/**
 * mnemo/scopes: a stack of memory homes (docs/scopes.md): the project's `.mnemo/`, the user's home
 * and an optional team home, composed into one context and one recall, with writes routed by kind.
 */
export type { ScopedSnapshot } from "./engine/scopes/compose-scoped-context.js";
export type { ScopedHit } from "./engine/scopes/merge-scoped-hits.js";
export type { Scope } from "./engine/scopes/scope-names.js";
export { SCOPES } from "./engine/scopes/scope-names.js";
export type {
  ScopedManifest,
  ScopedManifestEntry,
  ScopedRecallResult,
  ScopedSavedMemory,
  ScopeLayer,
} from "./engine/scopes/scope-stack.js";
export { ScopeStack } from "./engine/scopes/scope-stack.js";
export type { OpenScopesOptions } from "./open-scopes.js";
export { findProjectHome, openScopes, PROJECT_HOME_DIR } from "./open-scopes.js";
