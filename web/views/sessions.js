/**
 * Recorded sessions: per session, the frozen block it started with (and its size in tokens), the
 * memories found for each user message, the writes it made and what the extraction saved at the end.
 */
import { api, segment } from "../api.js";
import { h, heading, show } from "../dom.js";

export async function renderSessions(main) {
  const { sessions } = await api("GET", "/sessions");
  show(
    main,
    heading("Sessions"),
    h(
      "p",
      {},
      "What each agent session (mnemo chat, an AgentSession, an MCP client on stdio) was given and what it wrote.",
    ),
    sessions.length === 0
      ? h("p", { class: "muted" }, "No session recorded yet.")
      : h(
          "table",
          {},
          h("caption", { class: "visually-hidden" }, "Recorded sessions, newest first"),
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              ["Started", "Source", "Frozen block", "Turns", "Writes", "Extracted"].map((label) =>
                h("th", { scope: "col" }, label),
              ),
            ),
          ),
          h("tbody", {}, sessions.map(sessionRow)),
        ),
  );
}

function sessionRow(session) {
  return h(
    "tr",
    {},
    h(
      "th",
      { scope: "row" },
      h("a", { href: `#/sessions/${segment(session.sessionId)}` }, when(session.startedAt)),
    ),
    h("td", {}, session.source, session.client ? ` · ${session.client}` : ""),
    h("td", { class: "number" }, session.frozenTokens === undefined ? "–" : `${session.frozenTokens} tokens`),
    h("td", { class: "number" }, String(session.turns)),
    h("td", { class: "number" }, String(session.writes)),
    h("td", { class: "number" }, String(session.extracted)),
  );
}

export async function renderSession(main, route) {
  const log = await api("GET", `/sessions/${segment(route.rest)}`);
  show(
    main,
    h("p", {}, h("a", { href: "#/sessions" }, "All sessions")),
    heading(`Session ${log.sessionId}`),
    h(
      "p",
      { class: "meta" },
      `${log.source}${log.client ? ` · ${log.client}` : ""} · started ${when(log.startedAt)}`,
      log.endedAt ? ` · ended ${when(log.endedAt)}` : " · not ended",
    ),
    h("h2", {}, "Given at start"),
    log.frozen
      ? [
          h(
            "p",
            {},
            `The frozen block: ${log.frozen.characters} characters, about ${log.frozen.tokens} tokens.`,
          ),
          h(
            "details",
            {},
            h("summary", {}, "Show the frozen block"),
            h("pre", { class: "text" }, log.frozen.text),
          ),
        ]
      : h("p", { class: "muted" }, "The client did not ask for the session context."),
    h("h2", {}, "Turns"),
    log.turns.length === 0
      ? h("p", { class: "muted" }, "No turns recorded.")
      : h("ol", { class: "entries" }, log.turns.map(turnItem)),
    h("h2", {}, "Writes"),
    log.writes.length === 0
      ? h("p", { class: "muted" }, "No memory tool call wrote.")
      : h("ol", { class: "entries" }, log.writes.map(writeItem)),
    log.unrecorded > 0
      ? h("p", { class: "meta" }, `${log.unrecorded} more turns and writes were not recorded.`)
      : null,
    h("h2", {}, "Extraction at session end"),
    extraction(log.extraction),
  );
}

function turnItem(turn) {
  return h(
    "li",
    {},
    h("p", { class: "meta" }, h("time", {}, when(turn.at))),
    h("blockquote", {}, turn.message),
    turn.relevant.length === 0
      ? h("p", { class: "muted" }, "No memory was found for this message.")
      : [
          h("p", {}, `Relevant memories added (${turn.relevant.length}):`),
          h(
            "ul",
            {},
            turn.relevant.map((memory) =>
              h(
                "li",
                {},
                h("code", {}, memory.source),
                memory.age ? ` · ${memory.age}` : "",
                h("pre", { class: "text" }, memory.text),
              ),
            ),
          ),
        ],
  );
}

function writeItem(write) {
  return h(
    "li",
    {},
    h("p", { class: "meta" }, h("time", {}, when(write.at)), " · ", h("code", {}, write.tool)),
    h("pre", { class: "text" }, write.arguments),
    h("p", {}, write.result),
  );
}

function extraction(report) {
  if (!report) return h("p", { class: "muted" }, "No extraction ran (yet).");
  return [
    report.written.length === 0
      ? h("p", {}, "Nothing new was written.")
      : h(
          "ul",
          {},
          report.written.map((item) => h("li", {}, `${item.kind}: ${item.label} `, h("code", {}, item.path))),
        ),
    h(
      "p",
      { class: "meta" },
      `${report.skipped} skipped as duplicates, ${report.superseded} superseded${report.summaryAppended ? ", summary added to today's log" : ""}.`,
    ),
    report.error
      ? h(
          "p",
          { class: "error" },
          `Failed: ${report.error}${report.pending ? ` (kept in ${report.pending} for a retry)` : ""}`,
        )
      : null,
  ];
}

/** "2026-05-01 14:30" in the browser's time zone. */
function when(iso) {
  const date = new Date(iso);
  const pad = (value) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
