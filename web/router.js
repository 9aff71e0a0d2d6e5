/**
 * The memory browser's hash router ("#/memories/Prefers%20tabs"): which page the address names,
 * showing it with focus moved to its heading (or to the control a change came from), the token
 * form when the server asks for one, and moving to another page from code. The views call
 * `refresh` and `navigate` after a change, so this module cannot import them: app.js gives it the
 * page table when the page starts (`routePages`).
 */
import { ApiError } from "./api.js";
import { errorBox, heading, show } from "./dom.js";
import { showTokenForm } from "./views/token.js";

/** View name -> render(main, route); "profile" is the page an unknown address shows. */
let VIEWS = {};
/** Shows the page again once a token is given (app.js: the page, then the home in the header). */
let showPage = () => {};

/** Sets the pages the router shows, and what shows the page again after the token form. */
export function routePages(views, onToken) {
  VIEWS = views;
  showPage = onToken;
}

/** "#/memories/Prefers%20tabs?type=user" -> { view: "memories", rest: "Prefers tabs", query }. */
function currentRoute() {
  const [path, search = ""] = location.hash.replace(/^#\/?/, "").split("?");
  const [view, ...rest] = path.split("/");
  const name = rest.length === 0 ? undefined : decodeURIComponent(rest.join("/"));
  return { view: view in VIEWS ? view : "profile", rest: name, query: new URLSearchParams(search) };
}

/** False until the first page is shown: a page just loaded keeps the browser's focus at its top. */
let loaded = false;

/** A question asked before the first page (views/token.js): the page the answer opens gets the focus, as after a change. */
export function questionShownFirst() {
  loaded = true;
}

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
