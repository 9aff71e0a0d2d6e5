/** The daily logs still in daily/ (the recent days the agent is given; older ones are in the archive). */
import { api } from "../api.js";
import { h, heading, show } from "../dom.js";

export async function renderDaily(main) {
  const { logs } = await api("GET", "/daily");
  show(
    main,
    heading("Daily logs"),
    h("p", {}, "The recent days are part of every session's context; older logs move to the archive."),
    logs.length === 0
      ? h("p", { class: "muted" }, "No daily logs yet.")
      : logs.map((log) =>
          h(
            "section",
            { class: "file", "aria-labelledby": `daily-${log.date}` },
            h(
              "h2",
              { id: `daily-${log.date}` },
              h("time", { datetime: log.date }, log.date),
              " ",
              h("code", {}, log.path),
            ),
            h("pre", { class: "text" }, log.text),
          ),
        ),
  );
}
