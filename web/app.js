/**
 * The memory browser's entry: one view module per page, shown by the hash router (router.js), the
 * home in the header, and the question a link with a token asks first (views/token.js).
 */
import { api, takeTokenFromAddress } from "./api.js";
import { questionShownFirst, refresh, routePages } from "./router.js";
import { renderArchive } from "./views/archive.js";
import { renderDaily } from "./views/daily.js";
import { renderJournal } from "./views/journal.js";
import { renderMemories } from "./views/memories.js";
import { renderMemory } from "./views/memory.js";
import { renderProfile } from "./views/profile.js";
import { renderSearch } from "./views/search.js";
import { renderSession, renderSessions } from "./views/sessions.js";
import { homeLabel, renderStatus } from "./views/status.js";
import { offerToken } from "./views/token.js";

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

routePages(VIEWS, showPage);

const offered = takeTokenFromAddress();
if (offered === undefined) showPage();
else {
  // The question is the first page: the one the person's answer opens gets the focus, as after a change.
  questionShownFirst();
  offerToken(document.getElementById("main"), offered, showPage);
}
