import { z } from "zod";

/**
 * One line of a retrieval evaluation file: the documents of a fresh memory and the queries asked
 * of it, each with the ids of the documents that answer it.
 *
 *     {"id": "q1", "documents": [{"id": "d1", "text": "...", "timestamp": "2023-05-01"}],
 *      "queries": [{"id": "q1", "text": "...", "gold": ["d1"], "category": "single-session"}]}
 */
export const retrievalCaseSchema = z.object({
  id: z.string().min(1),
  documents: z
    .array(
      z.object({
        id: z.string().min(1),
        text: z.string(),
        timestamp: z.string().optional(),
        group: z.string().optional(),
      }),
    )
    .min(1),
  queries: z
    .array(
      z.object({
        id: z.string().min(1),
        text: z.string().min(1),
        gold: z.array(z.string().min(1)).min(1),
        category: z.string().optional(),
      }),
    )
    .min(1),
});

export type RetrievalCase = z.output<typeof retrievalCaseSchema>;
