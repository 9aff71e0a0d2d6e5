import type { ChatMessage, ChatModel, ToolCall } from "../../contracts/chat-model.js";
import type { MemoryHome } from "../../engine/memory-home.js";
import type { WorkingMemory } from "../../engine/working-memory/working-memory.js";
import type { MemoryTool, MemoryToolResult } from "../tools/memory-tool.js";
import { runMemoryTool, toChatToolSpecs } from "../tools/memory-tools.js";

/** One tool call of a turn and what came of it. */
export interface ToolCallRecord {
  name: string;
  arguments: string;
  ok: boolean;
  /** The result text the model saw. */
  text: string;
  /** True when working memory answered an identical earlier call and the tool did not run. */
  fromWorkingMemory: boolean;
  /** True when the tool changed a memory file. */
  wrote: boolean;
}

export interface TurnOptions {
  /** Streams the answer's text as it arrives. */
  onText?: (text: string) => void;
  /** Told about each tool call once it has run. */
  onToolCall?: (call: ToolCallRecord) => void;
  signal?: AbortSignal;
}

export interface RunTurnInput {
  model: ChatModel;
  memory: MemoryHome;
  tools: readonly MemoryTool[];
  workingMemory: WorkingMemory;
  /** Everything before the turn's own messages (system prompt, history, turn context). */
  prefix: ChatMessage[];
  user: ChatMessage;
  maxToolRounds: number;
  temperature?: number;
}

export interface TurnOutcome {
  answer: string;
  /** The turn's messages to keep in the conversation: the user's, tool exchanges, the answer. */
  messages: ChatMessage[];
  toolCalls: ToolCallRecord[];
}

/**
 * One user turn: ask the model, run the tools it calls and feed their results back, until it
 * answers in text. After maxToolRounds rounds of tool calls the model is asked to answer without
 * tools, so a model that keeps calling tools cannot loop forever.
 */
export async function runTurn(input: RunTurnInput, options: TurnOptions = {}): Promise<TurnOutcome> {
  const turn: ChatMessage[] = [input.user];
  const toolCalls: ToolCallRecord[] = [];
  const specs = toChatToolSpecs(input.tools);
  for (let round = 0; ; round++) {
    const toolsAllowed = round < input.maxToolRounds;
    const response = await input.model.complete({
      messages: [...input.prefix, ...turn],
      tools: specs,
      toolChoice: toolsAllowed ? "auto" : "none",
      temperature: input.temperature,
      signal: options.signal,
      onText: options.onText,
    });
    if (response.toolCalls.length === 0 || !toolsAllowed) {
      turn.push({ role: "assistant", content: response.content });
      return { answer: response.content, messages: turn, toolCalls };
    }
    turn.push({ role: "assistant", content: response.content, toolCalls: response.toolCalls });
    for (const call of response.toolCalls) {
      const record = await runToolCall(input, call, options.signal);
      toolCalls.push(record);
      options.onToolCall?.(record);
      turn.push({ role: "tool", toolCallId: call.id, content: record.text });
    }
  }
}

async function runToolCall(
  input: RunTurnInput,
  call: ToolCall,
  signal?: AbortSignal,
): Promise<ToolCallRecord> {
  const tool = input.tools.find((candidate) => candidate.name === call.name);
  const readOnly = tool?.readOnly === true;
  const cached = readOnly ? input.workingMemory.lookupToolResult(call.name, call.arguments) : undefined;
  const result = cached
    ? (cached.result as MemoryToolResult)
    : await runMemoryTool(input.memory, call.name, call.arguments, { signal, tools: input.tools });
  const wrote = !readOnly && tool !== undefined && result.ok;
  // A write makes earlier reads stale: forget them before remembering anything new.
  if (wrote) input.workingMemory.clearQueryContext();
  if (result.ok && !cached) input.workingMemory.observeToolResult(call.name, call.arguments, result);
  return {
    name: call.name,
    arguments: call.arguments,
    ok: result.ok,
    text: result.text,
    fromWorkingMemory: cached !== undefined,
    wrote,
  };
}
