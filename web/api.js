/**
 * Calls to mnemo's JSON API under /v1, relative to the page (served at /ui/), so the browser works
 * behind a proxy that moves both. A server started with a token needs it: the page asks for it, and
 * keeps it for the tab only (sessionStorage). A link may carry one in its fragment (`/ui/#token=...`,
 * never sent to any server), but the page never keeps it unasked: the person first sees which home it
 * opens (views/token.js), since a link from anyone could sign them into someone else's home.
 */
const TOKEN_KEY = "mnemo-token";

export class ApiError extends Error {
  constructor(status, code, message, manyHomes = false) {
    super(message);
    this.status = status;
    this.code = code;
    /** A 401 from a server of many homes (its own realm): tokens there are issued per home. */
    this.manyHomes = manyHomes;
  }
}

/** Takes a token out of the address bar (and the tab's history); returns it without keeping it. */
export function takeTokenFromAddress() {
  const match = /^#token=([^&]+)/.exec(location.hash);
  if (!match) return undefined;
  history.replaceState(null, "", `${location.pathname}#/profile`);
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

export function setToken(token) {
  sessionStorage.setItem(TOKEN_KEY, token);
}

export function hasToken() {
  return sessionStorage.getItem(TOKEN_KEY) !== null;
}

/** One call; `token` replaces the tab's token for this call only (to ask what a token opens before keeping it). */
export async function api(method, path, body, token = sessionStorage.getItem(TOKEN_KEY)) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(new URL(`../v1${path}`, location.href), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = json.error ?? {};
    throw new ApiError(
      response.status,
      error.code,
      error.message ?? `The server answered ${response.status}.`,
      /realm="mnemo homes"/.test(response.headers.get("www-authenticate") ?? ""),
    );
  }
  return json;
}

/** A path segment: names may hold spaces, "#" or "?". */
export function segment(value) {
  return encodeURIComponent(value);
}
