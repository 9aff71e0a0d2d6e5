import type OpenAI from "openai";
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import type { ChatModel, ChatRequest, ChatResponse } from "../../contracts/chat-model.js";
import { MnemoError } from "../../errors.js";
import { describeEndpoint, type ModelEndpoint, modelRequestError } from "./model-request-error.js";
import { chatCompletionBody } from "./openai-chat-request.js";
import { readChatCompletion } from "./openai-chat-response.js";
import { addStreamChunk, finishStreamedAnswer, startStreamedAnswer } from "./openai-chat-stream.js";
import { DEFAULT_BASE_URL, openAIClient } from "./openai-client.js";
import { StallWatchdog } from "./stall-watchdog.js";

export interface OpenAIChatModelOptions {
  /** Default "https://api.openai.com/v1"; e.g. "http://localhost:11434/v1" for Ollama. */
  baseURL?: string | undefined;
  apiKey: string;
  /** e.g. "gpt-4o-mini", "llama3.1". */
  model: string;
  /**
   * Per attempt, until the answer's headers arrive; then the longest wait for the rest of the body
   * (or, when streamed, for each next chunk). Default 60 000.
   */
  timeoutMs?: number | undefined;
  /** Retries after a timeout, a lost connection, HTTP 408/409/429 or 5xx, before the answer begins. Default 2. */
  maxRetries?: number | undefined;
  /** Used when a request gives none; the server's default when neither does. */
  temperature?: number | undefined;
}

/** What the `openai` client returns for a streamed request: chunks, and a way to stop reading them. */
type ChunkStream = AsyncIterable<unknown> & { controller: AbortController };

/**
 * Chat completions from any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM Studio) through the
 * `openai` client, streamed when the request has `onText`. Every answer is checked before use; every
 * failure is a MnemoError naming the endpoint and the model. The client retries transient failures
 * until the answer's headers arrive; a failure after that is not retried, since a streamed answer
 * may already have been shown. When the caller's signal aborts, its reason is thrown.
 *
 * @example
 * const model = new OpenAIChatModel({ baseURL: "http://localhost:11434/v1", apiKey: "ollama", model: "llama3.1" });
 * const answer = await model.complete({
 *   messages: [{ role: "user", content: "What is my cat called?" }],
 *   onText: (text) => process.stdout.write(text),
 * });
 */
export class OpenAIChatModel implements ChatModel {
  readonly id: string;
  private readonly client: OpenAI;
  private readonly endpoint: ModelEndpoint;
  private readonly temperature: number | undefined;

  constructor(options: OpenAIChatModelOptions) {
    const baseURL = options.baseURL ?? DEFAULT_BASE_URL;
    const timeoutMs = options.timeoutMs ?? 60_000;
    const maxRetries = options.maxRetries ?? 2;
    checkOptions(options.model, { timeoutMs, maxRetries, temperature: options.temperature });
    this.id = `openai:${options.model}`;
    this.endpoint = { kind: "chat", baseURL, model: options.model, timeoutMs, maxRetries };
    this.temperature = options.temperature;
    this.client = openAIClient(this.endpoint, options.apiKey);
  }

  async complete(request: ChatRequest): Promise<ChatResponse> {
    const body = chatCompletionBody(this.endpoint.model, request, this.temperature);
    const watchdog = new StallWatchdog(this.endpoint.timeoutMs);
    const combined = request.signal ? AbortSignal.any([request.signal, watchdog.signal]) : watchdog.signal;
    const signals = { callerSignal: request.signal, watchdog, combined };
    try {
      return request.onText === undefined
        ? await this.completeWhole(body, signals)
        : await this.completeStreamed(body, signals, request.onText);
    } finally {
      watchdog.stop();
    }
  }

  private async completeWhole(
    body: ChatCompletionCreateParamsNonStreaming,
    signals: RequestSignals,
  ): Promise<ChatResponse> {
    let text: string;
    try {
      const response = await this.client.chat.completions
        .create(body, { signal: signals.combined })
        .asResponse();
      signals.watchdog.rearm();
      text = await response.text();
    } catch (error) {
      throw this.failure(error, signals, false);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw modelRequestError(error, this.endpoint, false);
    }
    const read = readChatCompletion(json);
    if (!read.ok) throw this.unusableAnswer(read.problem);
    return read.response;
  }

  private async completeStreamed(
    body: ChatCompletionCreateParamsNonStreaming,
    signals: RequestSignals,
    onText: (text: string) => void,
  ): Promise<ChatResponse> {
    let stream: ChunkStream;
    try {
      stream = await this.client.chat.completions.create(
        { ...body, stream: true, stream_options: { include_usage: true } },
        { signal: signals.combined },
      );
    } catch (error) {
      throw this.failure(error, signals, false);
    }
    const answer = startStreamedAnswer();
    let textShown = false;
    let received = 0;
    const chunks = stream[Symbol.asyncIterator]();
    try {
      while (true) {
        signals.watchdog.rearm();
        const next = await chunks.next().catch((error: unknown) => {
          throw this.failure(error, signals, textShown);
        });
        if (next.done) break;
        received++;
        const added = addStreamChunk(answer, next.value);
        if (!added.ok) throw this.unusableAnswer(added.problem);
        if (added.text === "") continue;
        textShown = true;
        onText(added.text);
      }
    } finally {
      // Stops the download when a bad chunk or onText ended the loop early; harmless after the end.
      stream.controller.abort();
    }
    // The client ends an aborted stream quietly, as if it were complete.
    if (signals.combined.aborted) throw this.failure(undefined, signals, textShown);
    if (received === 0) throw this.unusableAnswer("the stream ended without a single `data:` chunk");
    return finishStreamedAnswer(answer);
  }

  /** What to throw for a failed request: the caller's abort reason as is, else a MnemoError. */
  private failure(error: unknown, signals: RequestSignals, textShown: boolean): unknown {
    if (signals.callerSignal?.aborted) return signals.callerSignal.reason;
    const afterText = textShown
      ? " The answer broke off after part of it was streamed, so it was not retried."
      : "";
    if (signals.watchdog.fired) {
      return new MnemoError(
        "IO",
        `${describeEndpoint(this.endpoint)} stopped sending its answer: nothing arrived for ${this.endpoint.timeoutMs} ms.${afterText} Check that the server is not overloaded, or raise timeoutMs.`,
        { cause: error },
      );
    }
    const failed = modelRequestError(error, this.endpoint, false);
    return afterText === ""
      ? failed
      : new MnemoError(failed.code, failed.message + afterText, { cause: error });
  }

  private unusableAnswer(problem: string): MnemoError {
    return new MnemoError("IO", `${describeEndpoint(this.endpoint)} gave an unusable answer: ${problem}.`);
  }
}

/** One request's signals: the caller's, the stall watchdog's, and both combined (given to the client). */
interface RequestSignals {
  callerSignal: AbortSignal | undefined;
  watchdog: StallWatchdog;
  combined: AbortSignal;
}

function checkOptions(
  model: string,
  numbers: { timeoutMs: number; maxRetries: number; temperature: number | undefined },
): void {
  if (model.trim() === "") {
    throw new MnemoError("INVALID_CONFIG", "OpenAIChatModel needs a model name, e.g. gpt-4o-mini.");
  }
  const wholeNumbers: Array<[string, number, number]> = [
    ["timeoutMs", numbers.timeoutMs, 1],
    ["maxRetries", numbers.maxRetries, 0],
  ];
  for (const [name, value, minimum] of wholeNumbers) {
    if (!(Number.isInteger(value) && value >= minimum)) {
      throw new MnemoError(
        "INVALID_CONFIG",
        `OpenAIChatModel option ${name} must be a whole number of at least ${minimum}, not ${value}.`,
      );
    }
  }
  const { temperature } = numbers;
  if (temperature !== undefined && !(Number.isFinite(temperature) && temperature >= 0)) {
    throw new MnemoError(
      "INVALID_CONFIG",
      `OpenAIChatModel option temperature must be a number of at least 0, not ${temperature}.`,
    );
  }
}
