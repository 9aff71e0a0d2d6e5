/**
 * mnemo/long-term: long-term message memory's options, limits and an in-memory message store.
 */

export { InMemoryMessageStore } from "./adapters/memory/in-memory-message-store.js";
export type { FindNewsOptions, LongTermMemoryOptions } from "./engine/long-term/long-term-memory.js";
export { MAX_MESSAGE_CONTENT_BYTES } from "./engine/long-term/validate-message.js";
export { DEFAULT_SIMILARITY_THRESHOLD } from "./rules/similarity.js";
