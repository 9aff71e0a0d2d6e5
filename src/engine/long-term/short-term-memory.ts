import type { AgentMessage } from "../../contracts/message-store.js";

/**
 * The session's message list (MetaGPT's base `Memory`): messages in the order they arrived, one per
 * id. Kept in process only; long-term memory decides what of it is also stored.
 */
export class ShortTermMemory {
  private messages: AgentMessage[] = [];
  private readonly ids = new Set<string>();

  /** Returns false, changing nothing, when a message with this id is already here. */
  add(message: AgentMessage): boolean {
    if (this.ids.has(message.id)) return false;
    this.ids.add(message.id);
    this.messages.push(structuredClone(message));
    return true;
  }

  has(messageId: string): boolean {
    return this.ids.has(messageId);
  }

  delete(messageId: string): boolean {
    if (!this.ids.delete(messageId)) return false;
    this.messages = this.messages.filter((message) => message.id !== messageId);
    return true;
  }

  clear(): void {
    this.messages = [];
    this.ids.clear();
  }

  /** Oldest first. */
  list(): AgentMessage[] {
    return this.messages.map((message) => structuredClone(message));
  }

  /**
   * The observed messages that are not among the `k` most recent ones here (all of them when
   * k <= 0), compared by id, in the observed order.
   */
  findNews(observed: readonly AgentMessage[], k: number): AgentMessage[] {
    const seen = k > 0 ? new Set(lastItems(this.messages, k).map((message) => message.id)) : this.ids;
    return observed.filter((message) => !seen.has(message.id));
  }
}

/** The last `k` items, or all of them when k <= 0 (MetaGPT's `items[-k:]`). */
export function lastItems<T>(items: readonly T[], k: number): T[] {
  return k > 0 ? items.slice(-k) : items.slice();
}
