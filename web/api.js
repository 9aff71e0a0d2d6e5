/**
 * Calls to mnemo's JSON API under /v1, relative to the page (served at /ui/), so the browser works
 * behind a proxy that moves both. A server started with a token needs it: the page takes it from a
 * link's fragment (`/ui/#token=...`, never sent to any server) or asks for it, and keeps it for the
 * tab only (sessionStorage).
 */
const TOKEN_KEY = "mnemo-token";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Moves a token from the address's fragment into the tab's storage and out of the address bar. */
export function takeTokenFromAddress() {
  const match = /^#token=([^&]+)/.exec(location.hash);
  if (!match) return;
  sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(match[1]));
  history.replaceState(null, "", `${location.pathname}#/profile`);
}

export function setToken(token) {
  sessionStorage.setItem(TOKEN_KEY, token);
}

export async function api(method, path, body) {
  const headers = {};
  const token = sessionStorage.getItem(TOKEN_KEY);
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
    );
  }
  return json;
}

/** A path segment: names may hold spaces, "#" or "?". */
export function segment(value) {
  return encodeURIComponent(value);
}
