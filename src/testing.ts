/**
 * `mnemo/testing`: what adapter authors need to prove their store behaves like mnemo's own: the
 * conformance suites (they need vitest and @fast-check/vitest) and small real models for tests.
 */

export type {
  FakeAnswer,
  FakeHttpResponse,
  FakeMalformedBody,
  FakeOpenAiServer,
  FakeOpenAiServerOptions,
  FakeReply,
  FakeToolCall,
  RecordedChatRequest,
} from "./testing/fake-openai-server.js";
export { startFakeOpenAiServer } from "./testing/fake-openai-server.js";
export type { HashingEmbeddingModelOptions } from "./testing/hashing-embedding-model.js";
export { HashingEmbeddingModel } from "./testing/hashing-embedding-model.js";
export type { HomeDirectoryUnderTest } from "./testing/home-directory-conformance.js";
export { describeHomeDirectoryConformance } from "./testing/home-directory-conformance.js";
export type { MessageStoreUnderTest } from "./testing/message-store-conformance.js";
export { describeMessageStoreConformance } from "./testing/message-store-conformance.js";
export type { EmbedCall } from "./testing/recording-embedding-model.js";
export { RecordingEmbeddingModel } from "./testing/recording-embedding-model.js";
export type { ScriptedChatModelOptions, ScriptedReply } from "./testing/scripted-chat-model.js";
export { ScriptedChatModel } from "./testing/scripted-chat-model.js";
export type { TokenRegistryUnderTest } from "./testing/token-registry-conformance.js";
export { describeTokenRegistryConformance } from "./testing/token-registry-conformance.js";
