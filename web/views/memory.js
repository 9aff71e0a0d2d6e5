/** One typed memory: its frontmatter, content, age and staleness; edit it (a re-save) or forget it (to the archive). */

import { ApiError, api, segment } from "../api.js";
import { age, announce, confirmInline, errorBox, h, heading, notice, show } from "../dom.js";
import { navigate, refresh } from "../router.js";

export async function renderMemory(main, route) {
  let memory;
  try {
    memory = await api("GET", `/memories/${segment(route.rest)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return notFound(main, route.rest);
    throw error;
  }
  const content = h("pre", { class: "text" }, memory.content);
  const actions = h(
    "p",
    { class: "actions" },
    h("button", { type: "button", id: "edit-memory", onclick: () => edit(memory, content, actions) }, "Edit"),
    " ",
    h(
      "button",
      {
        type: "button",
        id: "forget-memory",
        onclick: (event) =>
          confirmInline(
            event.currentTarget,
            `Forget "${memory.name}"? Its file goes to archive/.`,
            "Forget",
            () => forget(memory),
          ),
      },
      "Forget",
    ),
  );
  show(
    main,
    h("p", {}, h("a", { href: "#/memories" }, "All memories")),
    heading(memory.name),
    notice(),
    h(
      "dl",
      { class: "facts" },
      fact("Type", memory.type),
      fact("Description", memory.description),
      fact("File", memory.path),
      fact("Created", memory.created ?? "unknown"),
      fact("Updated", memory.updated ?? memory.modifiedAt),
      fact("Age", age(memory.ageDays)),
      memory.staleness ? fact("Staleness", memory.staleness) : null,
    ),
    h("h2", {}, "Content"),
    content,
    actions,
  );
}

/** A link to a memory that is gone (forgotten, renamed) or never was. */
function notFound(main, name) {
  show(
    main,
    h("p", {}, h("a", { href: "#/memories" }, "All memories")),
    heading("Memory not found"),
    h("p", {}, `There is no memory named “${name}”.`),
    h(
      "p",
      {},
      "It may have been forgotten (a forgotten memory's file is in the ",
      h("a", { href: "#/archive" }, "archive"),
      ", where it can be restored) or saved under another name (see ",
      h("a", { href: "#/memories" }, "all memories"),
      ").",
    ),
  );
}

function fact(term, value) {
  return [h("dt", {}, term), h("dd", {}, value)];
}

function edit(memory, content, actions) {
  const description = h("input", { id: "memory-description", autocomplete: "off" });
  description.value = memory.description;
  const text = h("textarea", {
    id: "memory-content",
    rows: Math.max(6, memory.content.split("\n").length + 2),
    required: true,
  });
  text.value = memory.content;
  const failure = h("div");
  const form = h(
    "form",
    { class: "stack" },
    h("label", { for: "memory-description" }, "Description"),
    description,
    h("label", { for: "memory-content" }, "Content"),
    text,
    failure,
    h(
      "p",
      {},
      h("button", { type: "submit" }, "Save"),
      " ",
      h("button", { type: "button", id: "cancel-edit" }, "Cancel"),
    ),
  );
  form.querySelector("#cancel-edit").addEventListener("click", () => {
    form.replaceWith(content);
    actions.hidden = false;
    actions.querySelector("#edit-memory").focus();
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const saved = await api("POST", "/memories", {
        type: memory.type,
        name: memory.name,
        description: description.value,
        content: text.value,
      });
      await refresh("#edit-memory");
      const archived =
        saved.archived.length > 0 ? ` The previous version is in ${saved.archived[0].path}.` : "";
      announce(`Saved "${saved.name}".${archived}`);
    } catch (error) {
      show(failure, errorBox(error));
    }
  });
  content.replaceWith(form);
  actions.hidden = true;
  description.focus();
}

async function forget(memory) {
  try {
    const deleted = await api("DELETE", `/memories/${segment(memory.name)}`);
    await navigate("#/memories");
    announce(`Forgot "${memory.name}": its file is in ${deleted.archived[0]?.path ?? "archive/"}.`);
  } catch (error) {
    announce(error.message);
  }
}
