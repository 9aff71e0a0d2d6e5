import type OpenAI from "openai";
import type { EmbeddingModel, EmbedOptions } from "../../contracts/embedding-model.js";
import { MnemoError } from "../../errors.js";
import { type ModelEndpoint, modelRequestError } from "./model-request-error.js";
import { DEFAULT_BASE_URL, openAIClient } from "./openai-client.js";
import { readEmbeddingResponse } from "./openai-embedding-response.js";

export interface OpenAIEmbeddingModelOptions {
  /** Default "https://api.openai.com/v1"; e.g. "http://localhost:11434/v1" for Ollama. */
  baseURL?: string | undefined;
  apiKey: string;
  /** e.g. "text-embedding-3-small", "nomic-embed-text". */
  model: string;
  /**
   * The size of the model's vectors, when known: open() then sends no probe request, and every
   * answer is checked against it. It is not sent to the server (it does not shorten vectors).
   */
  dimensions?: number | undefined;
  /** Per attempt, until the answer's headers arrive. Default 30 000. */
  timeoutMs?: number | undefined;
  /** Retries after a timeout, a lost connection, HTTP 408/409/429 or 5xx. Default 2. */
  maxRetries?: number | undefined;
  /** Texts per request. Default 64. */
  batchSize?: number | undefined;
}

const PROBE_TEXT = "dimension probe";

/**
 * Embeddings from any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM Studio) through the
 * `openai` client. Vectors are asked for as floats (the client asks for base64 otherwise) and
 * checked before use; every failure is a MnemoError naming the endpoint and the model. A text that
 * is empty or only white space is not sent: it gets the zero vector. When the caller's signal
 * aborts, its reason is thrown.
 *
 * @example
 * const model = new OpenAIEmbeddingModel({ baseURL: "http://localhost:11434/v1", apiKey: "ollama", model: "nomic-embed-text" });
 * const { dimensions } = await model.open();
 * const [vector] = await model.embed(["The user owns a kitten named Miso"]);
 */
export class OpenAIEmbeddingModel implements EmbeddingModel {
  readonly id: string;
  private readonly client: OpenAI;
  private readonly endpoint: ModelEndpoint;
  private readonly batchSize: number;
  private dimensions: number | undefined;
  private probing: Promise<void> | undefined;

  constructor(options: OpenAIEmbeddingModelOptions) {
    const baseURL = options.baseURL ?? DEFAULT_BASE_URL;
    const timeoutMs = options.timeoutMs ?? 30_000;
    const maxRetries = options.maxRetries ?? 2;
    this.batchSize = options.batchSize ?? 64;
    checkOptions(options.model, {
      timeoutMs,
      maxRetries,
      batchSize: this.batchSize,
      dimensions: options.dimensions,
    });
    this.id = `openai:${options.model}`;
    this.endpoint = { kind: "embeddings", baseURL, model: options.model, timeoutMs, maxRetries };
    this.dimensions = options.dimensions;
    this.client = openAIClient(this.endpoint, options.apiKey);
  }

  /** Learns the vector size by embedding one probe text, unless `dimensions` was given or already learned. */
  async open(options: { signal?: AbortSignal } = {}): Promise<{ dimensions: number }> {
    if (this.dimensions === undefined) {
      this.probing ??= this.request([PROBE_TEXT], options.signal)
        .then(() => undefined)
        .finally(() => {
          this.probing = undefined;
        });
      await this.probing;
    }
    return { dimensions: this.dimensions as number };
  }

  async embed(texts: string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    const positions = texts.flatMap((text, position) => (text.trim() === "" ? [] : [position]));
    if (positions.length < texts.length) await this.open({ signal: options.signal });
    const vectors: Float32Array[] = new Array(texts.length);
    for (let start = 0; start < positions.length; start += this.batchSize) {
      const batch = positions.slice(start, start + this.batchSize);
      const embedded = await this.request(
        batch.map((position) => texts[position] as string),
        options.signal,
      );
      batch.forEach((position, offset) => {
        vectors[position] = embedded[offset] as Float32Array;
      });
    }
    for (let position = 0; position < texts.length; position++) {
      vectors[position] ??= new Float32Array(this.dimensions ?? 0);
    }
    return vectors;
  }

  /** Nothing to free: the client holds no open resources between requests. */
  async close(): Promise<void> {}

  private async request(input: string[], signal: AbortSignal | undefined): Promise<Float32Array[]> {
    const deadline = AbortSignal.timeout(overallDeadlineMs(this.endpoint));
    let body: unknown;
    try {
      body = await this.client.embeddings.create(
        { model: this.endpoint.model, input, encoding_format: "float" },
        { signal: signal ? AbortSignal.any([signal, deadline]) : deadline },
      );
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw modelRequestError(error, this.endpoint, deadline.aborted);
    }
    const read = readEmbeddingResponse(body, { count: input.length, dimensions: this.dimensions });
    if (!read.ok) {
      throw new MnemoError(
        "IO",
        `The embeddings endpoint ${this.endpoint.baseURL} (model "${this.endpoint.model}") gave an unusable answer: ${read.problem}.`,
      );
    }
    this.dimensions ??= read.vectors[0]?.length;
    return read.vectors;
  }
}

/**
 * The client's timeout stops at the answer's headers; this deadline also covers a body that stalls
 * and every retry with its back-off (0.5 s doubling, at most 8 s), plus a second of slack.
 */
function overallDeadlineMs(endpoint: ModelEndpoint): number {
  let total = endpoint.timeoutMs * (endpoint.maxRetries + 1) + 1000;
  for (let retry = 0; retry < endpoint.maxRetries; retry++) total += Math.min(500 * 2 ** retry, 8000);
  return total;
}

function checkOptions(
  model: string,
  numbers: { timeoutMs: number; maxRetries: number; batchSize: number; dimensions: number | undefined },
): void {
  if (model.trim() === "") {
    throw new MnemoError(
      "INVALID_CONFIG",
      "OpenAIEmbeddingModel needs a model name, e.g. text-embedding-3-small.",
    );
  }
  const { dimensions, ...required } = numbers;
  const rules: Array<[string, number | undefined, number]> = [
    ["timeoutMs", required.timeoutMs, 1],
    ["maxRetries", required.maxRetries, 0],
    ["batchSize", required.batchSize, 1],
    ["dimensions", dimensions, 1],
  ];
  for (const [name, value, minimum] of rules) {
    if (value !== undefined && !(Number.isInteger(value) && value >= minimum)) {
      throw new MnemoError(
        "INVALID_CONFIG",
        `OpenAIEmbeddingModel option ${name} must be a whole number of at least ${minimum}, not ${value}.`,
      );
    }
  }
}
