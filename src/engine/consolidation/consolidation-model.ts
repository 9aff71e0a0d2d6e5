/**
 * The I/O step of a model-decided consolidation: one chat call shown the new memory and the
 * candidates. It never fails a save: a missing model, an error, a timeout or an unusable reply
 * gives a warning, and the rules decide. Only the caller's own abort is thrown.
 */
import type { ChatModel } from "../../contracts/chat-model.js";
import { errorMessage } from "../../errors.js";
import { buildConsolidationMessages, CONSOLIDATION_JSON_SCHEMA } from "./consolidation-prompt.js";
import type { ConsolidationDecision, ExistingMemory, IncomingMemory } from "./consolidation-rules.js";
import { parseConsolidationReply } from "./parse-consolidation-reply.js";

export type ModelConsolidation = { decision: ConsolidationDecision } | { warning: string };

export interface AskModelOptions {
  loadModel: () => Promise<ChatModel>;
  timeoutMs: number;
  temperature?: number;
  signal?: AbortSignal;
}

export async function askModelToConsolidate(
  incoming: IncomingMemory,
  shown: readonly ExistingMemory[],
  options: AskModelOptions,
): Promise<ModelConsolidation> {
  let model: ChatModel;
  try {
    model = await options.loadModel();
  } catch (error) {
    return { warning: `no chat model could be made (${errorMessage(error)}); the rules decided` };
  }
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await model.complete({
      messages: buildConsolidationMessages(incoming, shown),
      responseFormat: { type: "json_schema", name: "consolidation", schema: CONSOLIDATION_JSON_SCHEMA },
      ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
      signal,
    });
    const parsed = parseConsolidationReply(response.content, shown);
    if ("problem" in parsed)
      return { warning: `the reply of ${model.id} was not usable (${parsed.problem}); the rules decided` };
    return parsed;
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    const what = timeout.aborted
      ? `took longer than ${options.timeoutMs} ms (consolidation.timeoutMs)`
      : `failed (${errorMessage(error)})`;
    return { warning: `the consolidation call to ${model.id} ${what}; the rules decided` };
  }
}
