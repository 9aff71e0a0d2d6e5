/**
 * Typed memories by type, newest first by the time the memory says it was updated (its frontmatter),
 * with their age and staleness; each opens on its own page.
 */
import { api, segment } from "../api.js";
import { age, h, heading, notice, show } from "../dom.js";

const TYPES = ["user", "feedback", "project", "reference"];
/** The API's largest page, and how many pages the view reads at most. */
const PAGE = 1000;
const MAX_PAGES = 10;

export async function renderMemories(main, route) {
  const type = TYPES.includes(route.query.get("type")) ? route.query.get("type") : undefined;
  const listing = await listMemories(type);
  const memories = [...listing.memories].sort(newestFirst);
  show(
    main,
    heading(type ? `Memories: ${type}` : "Memories"),
    notice(),
    typeFilter(type),
    h(
      "p",
      {},
      `${listing.total} ${listing.total === 1 ? "memory" : "memories"}${listing.truncated ? `, ${memories.length} shown (the files written last)` : ""}, newest first.`,
    ),
    memories.length === 0 ? h("p", { class: "muted" }, "None yet.") : table(memories),
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

/**
 * Every memory (up to MAX_PAGES pages): the API pages by file time, which a copy or an import resets,
 * so the order by the memory's own time is made here, over all of them.
 */
async function listMemories(type) {
  const memories = [];
  const problems = [];
  let listing;
  for (let page = 0; page < MAX_PAGES && (page === 0 || listing.truncated); page++) {
    const query = `limit=${PAGE}&offset=${page * PAGE}${type ? `&type=${type}` : ""}`;
    listing = await api("GET", `/memories?${query}`);
    memories.push(...listing.memories);
    problems.push(...listing.problems);
  }
  return { memories, problems, total: listing.total, truncated: listing.truncated };
}

/** By the memory's updated time (else created, else its file's), then the file written last, then by name. */
function newestFirst(a, b) {
  return (
    memoryTime(b) - memoryTime(a) ||
    Date.parse(b.modifiedAt) - Date.parse(a.modifiedAt) ||
    a.name.localeCompare(b.name)
  );
}

function memoryTime(memory) {
  const time = Date.parse(memory.updated ?? memory.created ?? memory.modifiedAt);
  return Number.isNaN(time) ? Date.parse(memory.modifiedAt) : time;
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
