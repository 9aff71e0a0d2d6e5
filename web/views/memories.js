/** Typed memories by type, newest first, with their age and staleness; each opens on its own page. */
import { api, segment } from "../api.js";
import { age, h, heading, notice, show } from "../dom.js";

const TYPES = ["user", "feedback", "project", "reference"];

export async function renderMemories(main, route) {
  const type = TYPES.includes(route.query.get("type")) ? route.query.get("type") : undefined;
  const listing = await api("GET", `/memories?limit=1000${type ? `&type=${type}` : ""}`);
  show(
    main,
    heading(type ? `Memories: ${type}` : "Memories"),
    notice(),
    typeFilter(type),
    h(
      "p",
      {},
      `${listing.total} ${listing.total === 1 ? "memory" : "memories"}${listing.truncated ? ", the newest 1000 shown" : ""}.`,
    ),
    listing.memories.length === 0 ? h("p", { class: "muted" }, "None yet.") : table(listing.memories),
    listing.problems.length === 0
      ? null
      : h(
          "section",
          { "aria-labelledby": "problems" },
          h("h2", { id: "problems" }, "Files that do not parse"),
          h(
            "ul",
            {},
            listing.problems.map((each) => h("li", {}, `${each.path} line ${each.line}: ${each.problem}`)),
          ),
        ),
  );
}

function typeFilter(current) {
  const link = (type, label) =>
    h(
      "li",
      {},
      h(
        "a",
        {
          href: type ? `#/memories?type=${type}` : "#/memories",
          "aria-current": current === type ? "page" : null,
        },
        label,
      ),
    );
  return h(
    "nav",
    { "aria-label": "Memory types", class: "filter" },
    h(
      "ul",
      {},
      link(undefined, "All"),
      TYPES.map((type) => link(type, type)),
    ),
  );
}

function table(memories) {
  return h(
    "table",
    {},
    h("caption", { class: "visually-hidden" }, "Typed memories, newest first"),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ["Name", "Type", "Description", "Age"].map((label) => h("th", { scope: "col" }, label)),
      ),
    ),
    h(
      "tbody",
      {},
      memories.map((memory) =>
        h(
          "tr",
          {},
          h("th", { scope: "row" }, h("a", { href: `#/memories/${segment(memory.name)}` }, memory.name)),
          h("td", {}, memory.type),
          h("td", {}, memory.description),
          h(
            "td",
            {},
            age(memory.ageDays),
            memory.staleness ? h("span", { class: "badge stale", title: memory.staleness }, " stale") : null,
          ),
        ),
      ),
    ),
  );
}
