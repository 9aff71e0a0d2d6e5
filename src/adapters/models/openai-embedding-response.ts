import { z } from "zod";

/**
 * Reads the body of an OpenAI-compatible `/embeddings` answer (asked for with
 * `encoding_format: "float"`) into one vector per input, in input order. Pure: a failure is
 * returned as a `problem` sentence for the caller to put in its error.
 */
const responseSchema = z.object({
  data: z.array(
    z.object({
      /** Position of the input; some servers leave it out, then the list order is the input order. */
      index: z.number().int().nonnegative().optional(),
      embedding: z.array(z.number()),
    }),
  ),
});

export type ReadEmbeddingsResult = { ok: true; vectors: Float32Array[] } | { ok: false; problem: string };

export function readEmbeddingResponse(
  body: unknown,
  expected: { count: number; dimensions?: number | undefined },
): ReadEmbeddingsResult {
  const parsed = responseSchema.safeParse(body);
  if (!parsed.success) {
    const shown = typeof body === "string" ? `text ${JSON.stringify(body.slice(0, 80))}` : "JSON";
    return {
      ok: false,
      problem: `the answer (${shown}) is not {"data": [{"index", "embedding": [numbers]}]}: ${z.prettifyError(parsed.error)}`,
    };
  }
  const { data } = parsed.data;
  if (data.length !== expected.count) {
    return { ok: false, problem: `it returned ${data.length} vectors for ${expected.count} texts` };
  }
  const dimensions = expected.dimensions ?? data[0]?.embedding.length ?? 0;
  const vectors: Array<Float32Array | undefined> = new Array(expected.count);
  for (const [position, item] of data.entries()) {
    const index = item.index ?? position;
    if (index >= expected.count || vectors[index] !== undefined) {
      return { ok: false, problem: `its "index" fields are not 0 to ${expected.count - 1}, each once` };
    }
    if (item.embedding.length !== dimensions || dimensions === 0) {
      return {
        ok: false,
        problem: `vector ${index} has ${item.embedding.length} numbers where ${dimensions || "at least one"} were expected`,
      };
    }
    const vector = Float32Array.from(item.embedding);
    if (!vector.every(Number.isFinite)) {
      return { ok: false, problem: `vector ${index} holds a number too large for 32-bit floats` };
    }
    vectors[index] = vector;
  }
  return { ok: true, vectors: vectors as Float32Array[] };
}
