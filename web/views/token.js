/**
 * The token pages: the form a server that needs a token shows, saying which token applies (the one
 * `mnemo serve --token` was given, or on a server of many homes the one issued for the person's
 * home), and the question a link with a token (`/ui/#token=...`) asks before the tab keeps it: which
 * home the token opens, and a click to use it. A page anyone can send could otherwise sign a person
 * into the sender's home, where what they read and save would be the sender's.
 */
import { ApiError, api, hasToken, setToken } from "../api.js";
import { errorBox, h, heading, show } from "../dom.js";
import { homeLabel } from "./status.js";

/** Asks for the token after a 401 (`refusal`); `done` shows the page again. */
export function showTokenForm(main, refusal, done) {
  const input = h("input", { id: "token", type: "password", autocomplete: "off", required: true });
  const form = h(
    "form",
    { class: "stack" },
    h("label", { for: "token" }, "Bearer token"),
    input,
    h("button", { type: "submit" }, "Use this token"),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    setToken(input.value.trim());
    done();
  });
  show(
    main,
    heading("This server needs a token"),
    hasToken()
      ? h(
          "p",
          { class: "error", role: "alert" },
          "The token this tab used was refused: it is wrong, or was revoked.",
        )
      : null,
    h("p", {}, refusal.manyHomes ? MANY_HOMES : ONE_HOME, " It is kept for this tab only."),
    form,
  );
}

const ONE_HOME =
  "It was started with a token (mnemo serve --token, or MNEMO_HTTP_TOKEN): give that token here.";
const MANY_HOMES =
  "This server keeps many memory homes, and a token opens only the homes it was issued for. Give the token " +
  "you were given for your home; the server's operator issues them (mnemo tokens create <home id>).";

/** A link carried `token`: says which home it opens and keeps it only on a click; `done` shows the page. */
export async function offerToken(main, token, done) {
  let status;
  try {
    status = await api("GET", "/status", undefined, token);
  } catch (error) {
    show(
      main,
      heading("The link's token was not kept"),
      h(
        "p",
        {},
        error instanceof ApiError && error.status === 401
          ? "The link you opened carries a token this server does not accept: it is wrong, or was revoked."
          : "The link you opened carries a token that opens no memory home here:",
      ),
      error instanceof ApiError && error.status === 401 ? null : errorBox(error),
      h("p", {}, h("button", { type: "button", onclick: done }, "Continue")),
    );
    focusHeading(main);
    return;
  }
  const use = () => {
    setToken(token);
    done();
  };
  show(
    main,
    heading("Use the token from this link?"),
    h(
      "p",
      {},
      "The link you opened carries a token for this server. It opens the memory home ",
      h("strong", {}, homeLabel(status)),
      ".",
    ),
    h(
      "p",
      {},
      "Use it only if this is the home you meant to open: a link from someone else can carry a token for their home, and what you then read and save would be theirs.",
    ),
    hasToken() ? h("p", {}, "This tab uses another token now; this one would replace it.") : null,
    h(
      "p",
      { class: "actions" },
      h("button", { type: "button", class: "primary", onclick: use }, "Use this token"),
      " ",
      h("button", { type: "button", onclick: done }, "Do not use it"),
    ),
  );
  focusHeading(main);
}

function focusHeading(main) {
  main.querySelector("#view-heading")?.focus();
}
