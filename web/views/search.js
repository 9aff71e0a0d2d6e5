/** Hybrid search over the whole home, with each hit's fused score and its BM25 and vector parts. */

import { api } from "../api.js";
import { age, h, heading, show } from "../dom.js";
import { navigate } from "../router.js";

export async function renderSearch(main, route) {
  const query = route.query.get("q") ?? "";
  const input = h("input", {
    id: "search-query",
    type: "search",
    name: "q",
    autocomplete: "off",
    required: true,
  });
  input.value = query;
  const form = h(
    "form",
    { role: "search", class: "inline" },
    h("label", { for: "search-query" }, "Search memory"),
    " ",
    input,
    " ",
    h("button", { type: "submit" }, "Search"),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text !== "") navigate(`#/search?q=${encodeURIComponent(text)}`, "#results-heading");
  });
  if (query === "") {
    show(main, heading("Search"), form);
    return;
  }
  const result = await api("GET", `/search?limit=20&query=${encodeURIComponent(query)}`);
  show(main, heading("Search"), form, results(query, result));
}

function results(query, result) {
  const mode =
    result.mode === "bm25"
      ? "keywords only (BM25): no embedding model was available"
      : "keywords (BM25) fused with vectors";
  return h(
    "section",
    { "aria-labelledby": "results-heading" },
    h(
      "h2",
      { id: "results-heading", tabindex: "-1" },
      `${result.hits.length} ${result.hits.length === 1 ? "hit" : "hits"} for “${query}”`,
    ),
    h("p", { class: "meta" }, `Ranked by ${mode}.`),
    result.hits.length === 0
      ? h("p", { class: "muted" }, "Nothing found.")
      : h(
          "table",
          { class: "hits" },
          h("caption", { class: "visually-hidden" }, "Search hits, best first, with their scores"),
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              ["Rank", "Score", "BM25", "Vector", "Where", "Text"].map((label) =>
                h("th", { scope: "col" }, label),
              ),
            ),
          ),
          h("tbody", {}, result.hits.map(hitRow)),
        ),
  );
}

function hitRow(hit, index) {
  const where = [hit.path, hit.locator].filter(Boolean).join(" · ");
  return h(
    "tr",
    {},
    h("td", {}, String(index + 1)),
    h("td", { class: "number" }, hit.score.toFixed(3)),
    h("td", { class: "number" }, hit.textScore === undefined ? "–" : hit.textScore.toFixed(3)),
    h("td", { class: "number" }, hit.vectorScore === undefined ? "–" : hit.vectorScore.toFixed(3)),
    h(
      "th",
      { scope: "row" },
      hit.kind === "memory"
        ? h("a", { href: `#/memories/${encodeURIComponent(hit.locator)}` }, where)
        : where,
      hit.ageDays === undefined ? null : h("span", { class: "meta" }, ` · ${age(hit.ageDays)}`),
      hit.staleness ? h("span", { class: "badge stale", title: hit.staleness }, " stale") : null,
    ),
    h("td", {}, h("pre", { class: "text" }, hit.text)),
  );
}
