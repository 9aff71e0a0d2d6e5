/**
 * The I/O step of an LLM rerank: one chat call that reorders the fused ranking's best hits. It
 * never fails a recall: a model error, a timeout or a reply naming no candidate leaves the fused
 * order as it was, with a warning saying why. Only the caller's own abort is thrown.
 */

import { z } from "zod";
import type { ChatModel } from "../../contracts/chat-model.js";
import { errorMessage } from "../../errors.js";
import { parseRerankReply } from "./parse-rerank-reply.js";
import type { RankedHit } from "./ranked-hit.js";
import { buildRerankMessages, RERANK_JSON_SCHEMA } from "./rerank-prompt.js";

/** What a rerank did: whether the model's order is the one returned, and why not when it is not. */
export const rerankReportSchema = z.object({
  applied: z.boolean().describe("true: the hits come in the language model's order."),
  candidates: z
    .number()
    .int()
    .describe("How many of the best fused hits were sent to the model (0: no call was made)."),
  model: z.string().optional().describe('The model asked, e.g. "openai:gpt-4o-mini".'),
  ms: z.number().describe("How long the call took."),
  warning: z
    .string()
    .optional()
    .describe(
      "Why the keyword/vector order stands: no chat model, the call failed or timed out, the reply was unusable.",
    ),
});

/** Defined by its schema, which memory_search's result declares. */
export type RerankReport = z.output<typeof rerankReportSchema>;

export interface RerankHitsOptions {
  /** How many of the best hits go to the model; the rest follow in their fused order. */
  candidates: number;
  timeoutMs: number;
  temperature?: number;
  signal?: AbortSignal;
}

export async function rerankHits(
  model: ChatModel,
  query: string,
  hits: readonly RankedHit[],
  options: RerankHitsOptions,
): Promise<{ hits: RankedHit[]; report: RerankReport }> {
  const sent = hits.slice(0, options.candidates);
  if (sent.length < 2) return { hits: [...hits], report: { applied: false, candidates: 0, ms: 0 } };
  const started = performance.now();
  const reply = await askModel(model, query, sent, options);
  const unchanged = (warning: string) => ({
    hits: [...hits],
    report: {
      applied: false,
      candidates: sent.length,
      model: model.id,
      ms: performance.now() - started,
      warning,
    },
  });
  if (!reply.ok) return unchanged(reply.warning);
  const parsed = parseRerankReply(reply.text, sent.length);
  if (parsed.problem !== undefined)
    return unchanged(
      `the rerank reply of ${model.id} was not usable (${parsed.problem}); the fused order stands`,
    );
  const reordered = parsed.order.map((position, index) => ({
    ...(sent[position] as RankedHit),
    rerankPosition: index + 1,
  }));
  return {
    hits: [...reordered, ...hits.slice(sent.length)],
    report: { applied: true, candidates: sent.length, model: model.id, ms: performance.now() - started },
  };
}

async function askModel(
  model: ChatModel,
  query: string,
  sent: readonly RankedHit[],
  options: RerankHitsOptions,
): Promise<{ ok: true; text: string } | { ok: false; warning: string }> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await model.complete({
      messages: buildRerankMessages(query, sent),
      responseFormat: { type: "json_schema", name: "rerank", schema: RERANK_JSON_SCHEMA },
      ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
      signal,
    });
    return { ok: true, text: response.content };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    const what = timeout.aborted
      ? `took longer than ${options.timeoutMs} ms (search.rerankTimeoutMs)`
      : `failed (${errorMessage(error)})`;
    return { ok: false, warning: `the rerank call to ${model.id} ${what}; the fused order stands` };
  }
}
