/** The categorised journal: its topics, then one topic's entries, newest first. */
import { api, segment } from "../api.js";
import { h, heading, show } from "../dom.js";

export async function renderJournal(main, route) {
  if (route.rest) return renderTopic(main, route.rest);
  const journal = await api("GET", "/journal");
  const routes = Object.entries(journal.categories);
  show(
    main,
    heading("Journal"),
    h("p", {}, "Timestamped entries by category, read by the agent on demand."),
    h("h2", {}, "Topics"),
    h(
      "ul",
      {},
      [...journal.topics, "MEMORY"].map((topic) =>
        h(
          "li",
          {},
          h(
            "a",
            { href: `#/journal/${segment(topic)}` },
            topic === "MEMORY" ? "MEMORY.md ## Journal" : topic,
          ),
        ),
      ),
    ),
    h("h2", {}, "Where each category goes"),
    h(
      "dl",
      { class: "facts" },
      routes.map(([category, topic]) => [h("dt", {}, category), h("dd", {}, topic)]),
    ),
  );
}

async function renderTopic(main, topic) {
  const read = await api("GET", `/journal/${segment(topic)}`);
  const entries = [...read.entries].reverse();
  show(
    main,
    h("p", {}, h("a", { href: "#/journal" }, "All topics")),
    heading(`Journal: ${read.topic}`),
    h(
      "p",
      {},
      `${entries.length} ${entries.length === 1 ? "entry" : "entries"} in `,
      h("code", {}, read.path),
      ", newest first.",
    ),
    entries.length === 0
      ? h("p", { class: "muted" }, "No entries yet.")
      : h(
          "ol",
          { class: "entries", reversed: true },
          entries.map((entry) =>
            h(
              "li",
              {},
              h(
                "p",
                { class: "meta" },
                h("time", {}, entry.timestamp),
                ` · ${entry.category}`,
                entry.source ? ` · ${entry.source}` : "",
              ),
              h("pre", { class: "text" }, entry.content),
            ),
          ),
        ),
    read.warnings.length === 0
      ? null
      : h(
          "ul",
          { class: "error" },
          read.warnings.map((warning) => h("li", {}, `line ${warning.line}: ${warning.message}`)),
        ),
  );
}
