/** What budgets, capacity, removals and deletions moved out of files, newest first, with restore. */

import { api } from "../api.js";
import { announce, errorBox, h, heading, notice, show } from "../dom.js";
import { refresh } from "../router.js";

export async function renderArchive(main) {
  const listing = await api("GET", "/archive?limit=200");
  show(
    main,
    heading("Archive"),
    h("p", {}, "Nothing mnemo moves out of a file is lost: it is here, newest first."),
    notice(),
    h(
      "p",
      {},
      `${listing.total} archived ${listing.total === 1 ? "piece" : "pieces"}${listing.truncated ? ", the newest 200 shown" : ""}.`,
    ),
    listing.items.length === 0
      ? h("p", { class: "muted" }, "The archive is empty.")
      : listing.items.map(itemView),
  );
}

function itemView(item) {
  const id = `archived-${item.id}`;
  const failure = h("div");
  const action = item.restorable
    ? h(
        "button",
        { type: "button", "data-restore": item.id, onclick: () => restore(item, failure) },
        "Restore",
        h(
          "span",
          { class: "visually-hidden" },
          ` text from ${item.source}${item.archivedAt ? ` archived ${item.archivedAt}` : ""}`,
        ),
      )
    : h("span", { class: "muted" }, `Not restorable: ${item.restoreNote}.`);
  return h(
    "article",
    { class: "section", "aria-labelledby": id },
    h("h2", { id }, "From ", h("code", {}, item.source), item.archivedAt ? ` at ${item.archivedAt}` : ""),
    h("p", { class: "meta" }, item.reason ?? "moved whole", " · in ", h("code", {}, item.path)),
    h("pre", { class: "text" }, item.text),
    h("p", { class: "actions" }, action),
    failure,
  );
}

async function restore(item, failure) {
  try {
    const restored = await api("POST", "/archive/restore", { path: item.path, id: item.id });
    await refresh();
    const displaced =
      restored.archived.length > 0 ? ` What it replaced is in ${restored.archived[0].path}.` : "";
    announce(
      `Restored ${restored.kind === "memory" ? `memory "${restored.names[0]}"` : restored.names.map((name) => `## ${name}`).join(", ")} to ${restored.path}.${displaced}`,
    );
  } catch (error) {
    show(failure, errorBox(error));
  }
}
