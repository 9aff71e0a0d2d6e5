/**
 * `mnemo/ai-sdk`: a memory home in the Vercel AI SDK (`ai` 6, an optional peer dependency): the
 * memory tools as AI SDK tools, and a language model middleware that gives the model the frozen
 * session context and the memories relevant to the user's latest message.
 */
export type { MemoryMiddlewareOptions } from "./surfaces/ai-sdk/memory-middleware.js";
export { memoryMiddleware } from "./surfaces/ai-sdk/memory-middleware.js";
export type { MemoryToolsOptions } from "./surfaces/ai-sdk/memory-tools.js";
export { memoryTools } from "./surfaces/ai-sdk/memory-tools.js";
