import { z } from "zod";

/**
 * One line of a retrieval evaluation file: the documents of a fresh memory and the queries asked
 * of it, each with the ids of the documents that answer it. A document with a `session` is a
 * message of that conversation (in file order, said by `speaker`, default "user"), indexed as
 * recall indexes conversation memory; any other document is indexed as one chunk.
 *
 *     {"id": "q1", "documents": [{"id": "d1", "text": "...", "timestamp": "2023-05-01", "session": "s1"}],
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
        session: z.string().min(1).optional(),
        speaker: z.string().min(1).optional(),
      }),
    )
    .min(1),
  queries: z
    .array(
      z.object({
        id: z.string().min(1),
        text: z.string().min(1),
        gold: z.array(z.string().min(1)).min(1),
        /** When the query is asked (ISO 8601): time expressions in it ("two weeks ago") count from here. */
        askedAt: z
          .string()
          .refine((value) => !Number.isNaN(Date.parse(value)), "use an ISO 8601 date, like 2023-05-20T07:47")
          .optional(),
        category: z.string().optional(),
      }),
    )
    .min(1),
});

export type RetrievalCase = z.output<typeof retrievalCaseSchema>;
