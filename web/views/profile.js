/**
 * The always-loaded files by section: SOUL.md, USER.md, MEMORY.md and today's daily log, each with
 * its usage against its budget. A section is edited in place (a replace of its whole text, which the
 * server refuses if the section changed meanwhile), removed (to the archive) or added.
 */

import { ApiError, api, segment } from "../api.js";
import { announce, confirmInline, errorBox, h, heading, notice, show } from "../dom.js";
import { refresh } from "../router.js";
import { memoryIndex } from "./memory-index.js";

const FILES = [
  { file: "soul", label: "Identity" },
  { file: "user", label: "User profile" },
  { file: "memory", label: "Agent notes" },
  { file: "daily", label: "Today's log" },
];
/** MEMORY.md's sections that mnemo keeps itself (the index of memories, the journal). */
const MANAGED = ["memories", "journal"];

export async function renderProfile(main) {
  const files = await Promise.all(FILES.map((each) => readFile(each)));
  show(
    main,
    heading("Profile"),
    h("p", {}, "What the agent is given at the start of every session, section by section."),
    notice(),
    files.map(fileView),
  );
}

async function readFile({ file, label }) {
  const read = await api("GET", `/profile/${file}`);
  const sections = await Promise.all(
    read.sections.map((name) => api("GET", `/profile/${file}/sections/${segment(name)}`)),
  );
  return { file, label, read, sections };
}

function fileView({ file, label, read, sections }) {
  const { characters, budget } = read.usage;
  const id = `file-${file}`;
  return h(
    "section",
    { class: "file", "aria-labelledby": id },
    h("h2", { id }, `${label} `, h("code", {}, read.path)),
    h(
      "p",
      { class: "usage" },
      h("meter", { min: 0, max: budget, value: characters, "aria-label": `${read.path} budget used` }),
      ` ${characters} of ${budget} characters`,
    ),
    sections.length === 0 ? h("p", { class: "muted" }, "No sections yet.") : null,
    sections.map((section) => sectionView(file, read.path, section)),
    addForm(file, read.path),
  );
}

function sectionView(file, path, section) {
  const managed = file === "memory" && MANAGED.includes(section.section.toLowerCase());
  const key = `${file}-${section.section}`;
  const isIndex = managed && section.section.toLowerCase() === "memories";
  const text = isIndex ? memoryIndex(section.text) : h("pre", { class: "text" }, section.text);
  const actions = h("p", { class: "actions" });
  if (managed) actions.append("Kept by mnemo: edit typed memories and the journal in their own views.");
  else {
    actions.append(
      h(
        "button",
        {
          type: "button",
          "data-edit": key,
          onclick: () => editSection({ file, path, section, text, actions }),
        },
        "Edit",
        h("span", { class: "visually-hidden" }, ` ## ${section.section}`),
      ),
      " ",
      h(
        "button",
        {
          type: "button",
          "data-remove": key,
          onclick: (event) =>
            confirmInline(event.currentTarget, `Remove ## ${section.section}?`, "Remove", () =>
              removeSection(file, section.section),
            ),
        },
        "Remove",
        h("span", { class: "visually-hidden" }, ` ## ${section.section}`),
      ),
    );
  }
  return h("article", { class: "section" }, h("h3", {}, `## ${section.section}`), text, actions);
}

function editSection({ file, path, section, text, actions }) {
  const id = `edit-${file}-${section.section.replace(/\W+/g, "-")}`;
  const area = h("textarea", { id, rows: Math.max(4, section.text.split("\n").length + 1) });
  area.value = section.text;
  const failure = h("div");
  const form = h(
    "form",
    { class: "stack" },
    h("label", { for: id }, `Text of ## ${section.section} in ${path}`),
    area,
    failure,
    h(
      "p",
      {},
      h("button", { type: "submit" }, "Save"),
      " ",
      h("button", { type: "button", "data-cancel": true }, "Cancel"),
    ),
  );
  const restore = () => {
    form.replaceWith(text);
    actions.hidden = false;
    actions.querySelector("button")?.focus();
  };
  form.querySelector("[data-cancel]").addEventListener("click", restore);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const change = await saveSection(file, section, area.value);
      await refresh(`[data-edit="${file}-${cssEscape(section.section)}"]`);
      if (change) announce(describeChange(change, `Saved ## ${section.section}`));
    } catch (error) {
      const conflict = error instanceof ApiError && error.status === 404;
      if (!conflict || !(await takeCurrentText({ file, path, section, area, text, failure })))
        show(failure, errorBox(error));
    }
  });
  text.replaceWith(form);
  actions.hidden = true;
  area.focus();
}

/**
 * After a save the server refused because the section is no longer the text the form started from
 * (another agent or person changed or removed it): the form takes the section as it is now, so the
 * next Save replaces that, and says so, keeping the person's text in view. False when nothing changed.
 */
async function takeCurrentText({ file, path, section, area, text, failure }) {
  const mine = area.value;
  const current = await api("GET", `/profile/${file}/sections/${segment(section.section)}`).catch((error) => {
    if (error instanceof ApiError && error.status === 404) return { text: "" };
    throw error;
  });
  if (current.text === section.text) return false;
  section.text = current.text;
  text.textContent = current.text;
  const what =
    current.text === ""
      ? `## ${section.section} was removed from ${path} since you opened it (its text is in the archive), so nothing was saved. Save adds your text as the section again.`
      : `## ${section.section} changed in ${path} since you opened it (another agent or person saved it), so nothing was saved. The form now holds its current text: make your change again and save. Your text was:`;
  if (current.text !== "") area.value = current.text;
  show(
    failure,
    h("p", { class: "error", role: "alert" }, what),
    current.text === "" ? null : h("pre", { class: "text", "aria-label": "Your text" }, mine),
  );
  return true;
}

/** The whole section is replaced; an empty section gets the text added. */
function saveSection(file, section, value) {
  const newText = value.trim();
  if (newText === section.text) return undefined;
  const path = `/profile/${file}/sections/${segment(section.section)}`;
  if (section.text === "") return api("POST", path, { text: newText });
  return api("PATCH", path, { old_text: section.text, new_text: newText });
}

async function removeSection(file, name) {
  try {
    const change = await api("DELETE", `/profile/${file}/sections/${segment(name)}`);
    await refresh(`#add-${file} summary`);
    announce(describeChange(change, `Removed ## ${name}`));
  } catch (error) {
    announce(error.message);
  }
}

function addForm(file, path) {
  const nameId = `add-${file}-name`;
  const textId = `add-${file}-text`;
  const name = h("input", { id: nameId, required: true, autocomplete: "off" });
  const text = h("textarea", { id: textId, rows: 3, required: true });
  const failure = h("div");
  const form = h(
    "form",
    { class: "stack" },
    h("label", { for: nameId }, "Section"),
    name,
    h("label", { for: textId }, "Text"),
    text,
    failure,
    h("p", {}, h("button", { type: "submit" }, "Add")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const change = await api("POST", `/profile/${file}/sections/${segment(name.value.trim())}`, {
        text: text.value,
      });
      await refresh(`#add-${file} summary`);
      announce(describeChange(change, `Added to ## ${change.section}`));
    } catch (error) {
      show(failure, errorBox(error));
    }
  });
  return h(
    "details",
    { class: "add", id: `add-${file}` },
    h("summary", {}, `Add to a section of ${path}`),
    form,
  );
}

/** "Saved ## Name in USER.md: 120 of 1400 characters; 1 piece moved to archive/USER.md." */
export function describeChange(change, what) {
  const usage = `${change.usage.characters} of ${change.usage.budget} characters`;
  const archived =
    change.archived.length === 0
      ? ""
      : `; moved to ${[...new Set(change.archived.map((each) => each.path))].join(", ")}`;
  return `${what} in ${change.path}: ${usage}${archived}.`;
}

function cssEscape(value) {
  return value.replace(/["\\]/g, "\\$&");
}
