/**
 * A rerank reply read tolerantly: `{"ranking": [3, 1, 2]}`, possibly inside a ```json fence or
 * after some words. Numbers outside 1..count, repeated or not whole are ignored; the candidates the
 * model left out follow the ones it named, in their fused order. Whatever the text, the result is a
 * permutation of 0..count-1 and nothing is thrown; `problem` says why nothing of the reply was used.
 */
import { z } from "zod";

export interface RerankOrder {
  /** Candidate positions (0-based, in fused order), most relevant first: a permutation of 0..count-1. */
  order: number[];
  /** How many of them the model named (the rest kept their fused order after them). */
  named: number;
  /** Set when the reply named no candidate: what was wrong with it. */
  problem?: string;
}

const rankingReply = z.union([
  z.object({ ranking: z.array(z.unknown()) }),
  z.array(z.unknown()).transform((ranking) => ({ ranking })),
]);

export function parseRerankReply(reply: string, count: number): RerankOrder {
  const json = jsonValue(reply);
  if (json === undefined) return fusedOrder(count, `it is not JSON; it starts with ${preview(reply)}`);
  const parsed = rankingReply.safeParse(json);
  if (!parsed.success) return fusedOrder(count, `it has no "ranking" list; it starts with ${preview(reply)}`);
  const named = namedPositions(parsed.data.ranking, count);
  if (named.length === 0)
    return fusedOrder(count, `its ranking named none of the candidates 1 to ${count}: ${preview(reply)}`);
  const left = new Set(named);
  const rest = positions(count).filter((position) => !left.has(position));
  return { order: [...named, ...rest], named: named.length };
}

/** The 0-based positions a ranking names, first mention kept, anything else dropped. */
function namedPositions(ranking: readonly unknown[], count: number): number[] {
  const seen = new Set<number>();
  for (const item of ranking) {
    const number = typeof item === "string" && /^\s*\d+\s*$/.test(item) ? Number(item) : item;
    if (typeof number !== "number" || !Number.isInteger(number) || number < 1 || number > count) continue;
    seen.add(number - 1);
  }
  return [...seen];
}

/** The JSON of the reply: the whole text, a fenced block in it, or its outermost {...}. */
export function jsonValue(reply: string): unknown {
  const fenced = /```[\w-]*[ \t]*\r?\n?([\s\S]*?)```/.exec(reply)?.[1];
  const tries = [reply, fenced, outermost(reply, "{", "}"), outermost(reply, "[", "]")];
  for (const text of tries) {
    if (text === undefined || text.trim() === "") continue;
    try {
      return JSON.parse(text);
    } catch {
      // the next way of finding the JSON
    }
  }
  return undefined;
}

function outermost(text: string, open: string, close: string): string | undefined {
  const start = text.indexOf(open);
  const end = text.lastIndexOf(close);
  return start !== -1 && end > start ? text.slice(start, end + 1) : undefined;
}

function fusedOrder(count: number, problem: string): RerankOrder {
  return { order: positions(count), named: 0, problem };
}

function positions(count: number): number[] {
  return Array.from({ length: count }, (_, position) => position);
}

function preview(text: string): string {
  const trimmed = text.trim();
  return JSON.stringify(trimmed.length > 80 ? `${trimmed.slice(0, 80)}…` : trimmed);
}
