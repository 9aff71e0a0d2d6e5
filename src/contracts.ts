/**
 * mnemo/contracts: the interfaces a backend or a model implements (documents, search index, messages,
 * chat and embedding models, the homes and tokens of a server of many homes).
 */

export type {
  ChatMessage,
  ChatModel,
  ChatRequest,
  ChatResponse,
  ChatToolSpec,
  ToolCall as ChatToolCall,
} from "./contracts/chat-model.js";
export type {
  DocumentInfo,
  DocumentReader,
  DocumentStore,
  DocumentWriter,
  StoreLeftover,
} from "./contracts/document-store.js";
export type { EmbeddingCache } from "./contracts/embedding-cache.js";
export type { EmbeddingModel, EmbedOptions } from "./contracts/embedding-model.js";
export type { HomeDirectory } from "./contracts/home-directory.js";
export type {
  AgentMessage,
  MessageEmbedding,
  MessageRecord,
  MessageStore,
  StoredEmbedding,
} from "./contracts/message-store.js";
export type { ChunkFilter, SearchIndex } from "./contracts/search-index.js";
export type { IssuedToken, TokenGrant, TokenRegistry, TokenRequest } from "./contracts/token-registry.js";
