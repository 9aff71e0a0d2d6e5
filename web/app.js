/**
 * The memory browser's entry: a hash router ("#/memories/Prefers%20tabs"), one view module per page,
 * focus moved to each page's heading (or to the control a change came from), the token form when
 * the server asks for one, and the question a link with a token asks first (views/token.js).
 */
import { ApiError, api, takeTokenFromAddress } from "./api.js";
import { errorBox, heading, show } from "./dom.js";
import { renderArchive } from "./views/archive.js";
import { renderDaily } from "./views/daily.js";
import { renderJournal } from "./views/journal.js";
import { renderMemories } from "./views/memories.js";
import { renderMemory } from "./views/memory.js";
import { renderProfile } from "./views/profile.js";
import { renderSearch } from "./views/search.js";
import { renderSession, renderSessions } from "./views/sessions.js";
import { homeLabel, renderStatus } from "./views/status.js";
import { offerToken, showTokenForm } from "./views/token.js";

const VIEWS = {
  profile: renderProfile,
  memories: (main, route) => (route.rest ? renderMemory(main, route) : renderMemories(main, route)),
  journal: renderJournal,
  daily: renderDaily,
  archive: renderArchive,
  search: renderSearch,
  sessions: (main, route) => (route.rest ? renderSession(main, route) : renderSessions(main, route)),
  status: renderStatus,
};

/** "#/memories/Prefers%20tabs?type=user" -> { view: "memories", rest: "Prefers tabs", query }. */
function currentRoute() {
  const [path, search = ""] = location.hash.replace(/^#\/?/, "").split("?");
  const [view, ...rest] = path.split("/");
  const name = rest.length === 0 ? undefined : decodeURIComponent(rest.join("/"));
  return { view: view in VIEWS ? view : "profile", rest: name, query: new URLSearchParams(search) };
}

/** False until the first page is shown: a page just loaded keeps the browser's focus at its top. */
let loaded = false;

/** Shows the current page; `focus` is a selector of the control to return to after a change. */
export async function refresh(focus) {
  const main = document.getElementById("main");
  const route = currentRoute();
  markCurrentLink(route.view);
  try {
    await VIEWS[route.view](main, route);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) showTokenForm(main, error, showPage);
    else show(main, heading("Something went wrong"), errorBox(error));
  }
  if (!loaded) {
    loaded = true;
    return;
  }
  const target = (focus && main.querySelector(focus)) || document.getElementById("view-heading");
  target?.focus();
}

/** Opens another page from code (after a change), then shows it. */
export async function navigate(hash, focus) {
  history.pushState(null, "", hash);
  await refresh(focus);
}

function markCurrentLink(view) {
  for (const link of document.querySelectorAll("nav a")) {
    if (link.getAttribute("href") === `#/${view}`) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

async function showHome() {
  try {
    const status = await api("GET", "/status");
    document.getElementById("home-path").textContent = homeLabel(status);
  } catch {
    // The header shows no home until the page may read it.
  }
}

document.getElementById("skip-link").addEventListener("click", (event) => {
  event.preventDefault();
  document.getElementById("main").focus();
});
window.addEventListener("hashchange", () => {
  const offered = takeTokenFromAddress();
  if (offered === undefined) refresh();
  else offerToken(document.getElementById("main"), offered, showPage);
});

/** Shows the current page, then the home in the header. */
function showPage() {
  refresh().then(showHome);
}

const offered = takeTokenFromAddress();
if (offered === undefined) showPage();
else {
  // The question is the first page: the one the person's answer opens gets the focus, as after a change.
  loaded = true;
  offerToken(document.getElementById("main"), offered, showPage);
}
