/** MEMORY.md's `## Memories` section as the Profile view shows it: each index line links to its memory. */
import { segment } from "../api.js";
import { h } from "../dom.js";

/** An index line of MEMORY.md: `- [Prefers tabs](memories/feedback_prefers-tabs.md) — Tabs everywhere`. */
const INDEX_LINE = /^[-*] \[(.*)\]\((memories\/[^()\s/]+\.md)\)(?:\s+[—-]+\s+(.*))?\s*$/;

/** MEMORY.md's index of typed memories, each line a link to its memory; other lines as they are. */
export function memoryIndex(text) {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  if (lines.length === 0) return h("p", { class: "muted" }, "No typed memories yet.");
  return h(
    "ul",
    { class: "index", "aria-label": "Index of typed memories" },
    lines.map((line) => {
      const match = INDEX_LINE.exec(line);
      if (!match) return h("li", {}, line);
      const [, title, path, summary] = match;
      const link = h("a", { href: `#/memories/${segment(path.slice("memories/".length))}` }, title);
      return h("li", {}, link, summary ? ` — ${summary}` : "");
    }),
  );
}
