/**
 * mnemo/guard: the secret scanner and redactor, and the checks for instruction-like text and block tags.
 */

export type { InstructionFinding } from "./engine/guard/instruction-like-text.js";
export { findInstructionLikeText } from "./engine/guard/instruction-like-text.js";
export { neutralizeBlockTags } from "./engine/guard/neutralize-block-tags.js";
export type { RedactedText, SecretFinding } from "./engine/guard/scan-secrets.js";
export { redactSecrets, scanForSecrets } from "./engine/guard/scan-secrets.js";
export type { SecretMode } from "./engine/guard/secret-guard.js";
