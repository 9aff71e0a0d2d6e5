import { randomBytes } from "node:crypto";
import type { ChatMessage, ChatModel } from "../../contracts/chat-model.js";
import { refuseSecretInName } from "../../engine/guard/secret-guard.js";
import type { LongTermMemory } from "../../engine/long-term/long-term-memory.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import type { ScopeStack } from "../../engine/scopes/scope-stack.js";
import { WorkingMemory } from "../../engine/working-memory/working-memory.js";
import { errorMessage } from "../../errors.js";
import { writeWarning } from "../../rules/write-warning.js";
import { learnFromEarlierSessions } from "../extraction/earlier-sessions.js";
import { type ExtractionReport, extractSession } from "../extraction/extract-session.js";
import type { MemoryTool } from "../tools/memory-tool.js";
import { extractsAtEnd, OpenSessionMarker } from "./open-session-marker.js";
import { findRelevantMemories } from "./relevant-memories.js";
import { runTurn, type ToolCallRecord, type TurnOptions } from "./run-turn.js";
import { SessionRecorder } from "./session-recorder.js";
import { frozenSystemPrompt, searchedOf, toolsOf } from "./session-sources.js";
import { renderTurnContext, turnMessages } from "./turn-context-prompt.js";

export interface AgentSessionOptions {
  memory: MemoryHome;
  /**
   * A stack of homes (docs/scopes.md) whose session home is `memory`: the frozen context, the tools
   * and each turn's relevant memories come from all its layers; extracted typed memories go to the
   * layer of their type; the session's log, conversation, journal entries and summary stay in `memory`.
   */
  scopes?: ScopeStack;
  model: ChatModel;
  /** The agent's own instructions, placed after the memory blocks. */
  basePrompt?: string;
  /** Names the session in provenance and the pending queue; default: date and random suffix. */
  sessionId?: string;
  /** Tools the model may call; default all memory tools (none when memory is disabled). */
  tools?: readonly MemoryTool[];
  /** Memories found by search and shown with each user message (0: none). Default 3. */
  relevantMemories?: number;
  /** Rounds of tool calls in one turn before the model must answer. Default 8. */
  maxToolRounds?: number;
  /**
   * Records each turn in the home's conversation memory (`conversations/<sessionId>.md`), so later
   * sessions recall what was said. Default true (when memory is enabled); secrets are redacted.
   */
  recordConversation?: boolean;
  /** Seed 004: messages go here as they are said; the store keeps the watched ones. */
  longTerm?: { memory: LongTermMemory; roleId: string };
  onWarning?: (message: string) => void;
  now?: () => Date;
}

/** What /memory shows: what the session loaded and what it wrote. */
export interface SessionMemoryReport {
  sessionId: string;
  /** Characters of the frozen system prompt, and whether memory blocks were in it. */
  loaded: { characters: number; memoryBlocks: string[] };
  /** Writing tool calls that succeeded, in order. */
  writes: ToolCallRecord[];
  /** Set once the session has ended. */
  extraction?: ExtractionReport;
}

const MEMORY_BLOCK_TAGS = ["agent-identity", "user-profile", "agent-notes", "recent-activity"];

/**
 * The session lifecycle of DESIGN.md: a frozen context at start; tools, working memory and
 * relevant memories during the turns; extraction, daily summary and long-term persistence at the end.
 */
export class AgentSession {
  readonly sessionId: string;
  /** The frozen system prompt: built once at start, the same bytes for every request. */
  readonly systemPrompt: string;
  readonly workingMemory = new WorkingMemory({
    idempotentTools: ["memory_read", "memory_read_topic", "memory_search", "memory_get", "memory_list"],
  });
  private readonly options: AgentSessionOptions;
  private readonly tools: readonly MemoryTool[];
  private history: ChatMessage[] = [];
  /** Everything said, also what /clear took out of the conversation: extraction reads this. */
  private readonly transcript: ChatMessage[] = [];
  private readonly writes: ToolCallRecord[] = [];
  private readonly pendingRetry: Promise<void>;
  /** The session's log in .sessions/: what it was given, what it wrote. */
  private readonly recorder: SessionRecorder;
  /** Says the session is open until its conversation is safe, so a kill is noticed. */
  private readonly marker: OpenSessionMarker;
  private ended: Promise<ExtractionReport | undefined> | undefined;
  private extraction: ExtractionReport | undefined;
  private messageCount = 0;

  private constructor(options: AgentSessionOptions, systemPrompt: string, pendingRetry: Promise<void>) {
    this.options = options;
    this.tools = toolsOf(options);
    this.sessionId = options.sessionId ?? newSessionId(options.now?.() ?? new Date());
    this.systemPrompt = systemPrompt;
    this.pendingRetry = pendingRetry;
    this.recorder = new SessionRecorder({
      memory: options.memory,
      sessionId: this.sessionId,
      source: "agent",
      client: options.model.id,
      now: options.now,
      onWarning: options.onWarning,
    });
    this.recorder.frozen(systemPrompt);
    this.marker = new OpenSessionMarker(options.memory, this.sessionId, (message) => warn(options, message));
  }

  /**
   * Loads the frozen context, records that the session is open (so a kill is noticed), and in the
   * background learns from earlier sessions: those killed before they ended, and failed extractions.
   */
  static async start(options: AgentSessionOptions): Promise<AgentSession> {
    const { memory, model } = options;
    // The id names the session's transcript and log files: refused before anything is written.
    if (options.sessionId !== undefined) refuseSecretInName(options.sessionId, "the session id");
    const systemPrompt = await frozenSystemPrompt(options);
    if (options.longTerm) await options.longTerm.memory.recover(options.longTerm.roleId);
    const pendingRetry = extractsAtEnd(memory)
      ? learnFromEarlierSessions({
          memory,
          model,
          scopes: options.scopes,
          now: options.now,
          onWarning: options.onWarning,
        }).then(
          () => undefined,
          (error: unknown) => warn(options, `learning from earlier sessions failed: ${errorMessage(error)}`),
        )
      : Promise.resolve();
    const session = new AgentSession(options, systemPrompt, pendingRetry);
    await session.marker.open(options.now?.() ?? new Date());
    await session.recorder.flush();
    return session;
  }

  /** One user message: recall, tools, answer. A failed model call rejects; the session goes on. */
  async send(
    text: string,
    options: TurnOptions = {},
  ): Promise<{ answer: string; toolCalls: ToolCallRecord[] }> {
    if (this.ended) throw new Error("This session has ended; start a new one.");
    const user: ChatMessage = { role: "user", content: text };
    this.transcript.push(user);
    await this.keepLongTerm("user", text);
    // What was retrieved stays for the session (seed 003); a repeated read runs again, as the
    // files may have changed since the last message.
    this.workingMemory.forgetToolResults();
    const memories = await findRelevantMemories(searchedOf(this.options), text, {
      limit: this.options.relevantMemories ?? 3,
      sessionId: this.sessionId,
      // A memory that working memory shows (read whole or found earlier) is not shown twice.
      alreadyShown: (path, place) =>
        this.workingMemory.chunks().some((chunk) => chunk.document === path && chunk.location === place),
      signal: options.signal,
      onWarning: (message) => warn(this.options, message),
    });
    this.recorder.turn(text, memories);
    const prefix = turnMessages({
      systemPrompt: this.systemPrompt,
      history: this.history,
      turnContext: renderTurnContext({ memories, workingMemory: this.workingMemory.render() }),
      turn: [],
    });
    try {
      const outcome = await runTurn(
        {
          model: this.options.model,
          memory: this.options.memory,
          tools: this.tools,
          workingMemory: this.workingMemory,
          prefix,
          user,
          maxToolRounds: this.options.maxToolRounds ?? 8,
          temperature: this.options.memory.config.llm.temperature,
        },
        {
          ...options,
          onToolCall: (call) => {
            if (call.wrote) {
              this.writes.push(call);
              this.recorder.wrote(call.name, call.arguments, call.text);
            }
            options.onToolCall?.(call);
          },
        },
      );
      this.history.push(...outcome.messages);
      this.transcript.push(...outcome.messages.slice(1));
      await this.keepLongTerm("assistant", outcome.answer);
      await this.recordTurn(text, outcome.answer);
      return { answer: outcome.answer, toolCalls: outcome.toolCalls };
    } catch (error) {
      // The user's words stay in the conversation, so the next turn and extraction still see them.
      this.history.push(user);
      await this.recordTurn(text, "");
      throw error;
    } finally {
      // When a turn is over, its record is on disk: nothing is left writing behind the caller's back.
      await this.recorder.flush();
    }
  }

  /** Conversation memory: a failed write is a warning, never a failed turn. */
  private async recordTurn(userText: string, answer: string): Promise<void> {
    const { memory } = this.options;
    if (this.options.recordConversation === false || !memory.enabled) return;
    const at = this.options.now?.() ?? new Date();
    const messages = [
      { speaker: "user", text: userText, at },
      { speaker: "assistant", text: answer, at },
    ].filter((message) => message.text.trim() !== "");
    if (messages.length === 0) return;
    await memory.conversations
      .add(this.sessionId, messages, { redactSecrets: true })
      .catch((error: unknown) => {
        warn(this.options, `this turn could not be recorded in conversation memory: ${errorMessage(error)}`);
      });
  }

  /** /clear: a fresh conversation; memory files and what extraction will read are kept. */
  clear(): void {
    this.history = [];
    this.workingMemory.reset();
  }

  report(): SessionMemoryReport {
    // A block opens on a line of its own; the instructions also name the tags, mid-sentence.
    const tags = MEMORY_BLOCK_TAGS.filter((tag) => new RegExp(`^<${tag}>$`, "m").test(this.systemPrompt));
    return {
      sessionId: this.sessionId,
      loaded: { characters: this.systemPrompt.length, memoryBlocks: tags },
      writes: [...this.writes],
      ...(this.extraction ? { extraction: this.extraction } : {}),
    };
  }

  /**
   * Ends the session (idempotent): extraction and the daily summary, long-term persistence, index
   * catch-up. Never rejects for a model failure: extraction then queues the transcript.
   */
  end(options: { signal?: AbortSignal } = {}): Promise<ExtractionReport | undefined> {
    this.ended ??= this.finish(options.signal);
    return this.ended;
  }

  private async finish(signal: AbortSignal | undefined): Promise<ExtractionReport | undefined> {
    const { memory, model } = this.options;
    await this.pendingRetry;
    if (extractsAtEnd(memory)) {
      this.extraction = await extractSession({
        memory,
        model,
        scopes: this.options.scopes,
        transcript: this.transcript,
        sessionId: this.sessionId,
        signal,
        now: this.options.now,
        onWarning: this.options.onWarning,
      });
      // Extracted or queued in .pending/: the conversation is safe, the session no longer open. If
      // not even the queue took it, the marker stays and the next session learns from the transcript.
      const { error, pending } = this.extraction;
      if (error === undefined || pending !== undefined) await this.marker.ended();
    }
    await this.options.longTerm?.memory.persist();
    if (memory.enabled) {
      await memory.syncIndex({ signal }).catch((error: unknown) => {
        warn(this.options, `the search index could not catch up: ${errorMessage(error)}`);
      });
    }
    this.recorder.ended(this.extraction);
    await this.recorder.flush();
    return this.extraction;
  }

  private async keepLongTerm(role: "user" | "assistant", content: string): Promise<void> {
    const longTerm = this.options.longTerm;
    if (!longTerm || content.trim() === "") return;
    const user = role === "user";
    await longTerm.memory.add({
      id: `${this.sessionId}-${++this.messageCount}`,
      role,
      content,
      causeBy: user ? "user_input" : "assistant_reply",
      sentFrom: user ? "user" : longTerm.roleId,
      sendTo: [user ? longTerm.roleId : "user"],
      createdAt: this.options.now?.() ?? new Date(),
    });
  }
}

function newSessionId(now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return `${stamp}-${randomBytes(3).toString("hex")}`;
}

function warn(options: AgentSessionOptions, message: string): void {
  (options.onWarning ?? writeWarning)(message);
}
