/**
 * What every home of the consolidation bench already holds before a sequence starts: 60 memories
 * of the four types, of the kinds an assistant keeps for a person who codes, works in a team and
 * has a life. Some share words with the sequences (a city, a tool, a weekday) on purpose: a save
 * must change the memory it is about, never one of these.
 */
import type { BenchSave } from "./save-sequences.js";

const AT = "2025-11-03";

function save(type: BenchSave["type"], name: string, content: string, description?: string): BenchSave {
  return { type, name, content, at: AT, ...(description === undefined ? {} : { description }) };
}

export const BACKGROUND_MEMORIES: BenchSave[] = [
  save("user", "Name and pronouns", "Goes by Sam; pronouns they/them."),
  save("user", "Job", "Senior backend engineer at a logistics startup."),
  save("user", "Time zone", "Works on Central European Time (CET/CEST)."),
  save("user", "Languages spoken", "Speaks Portuguese and English, is learning German."),
  save("user", "Coffee", "Drinks oat-milk flat whites, no sugar."),
  save("user", "Allergy", "Allergic to peanuts; check before suggesting recipes."),
  save("user", "Pet", "Has a cat called Miso who is twelve years old."),
  save("user", "Hobby: climbing", "Goes bouldering twice a week at the gym near the office."),
  save("user", "Keyboard", "Types on a split ergonomic keyboard with a Colemak layout."),
  save("user", "Reading", "Is reading through the Expanse series, currently on book four."),
  save("user", "Partner", "Partner is Alex, a nurse who works night shifts."),
  save("user", "Running goal", "Training for a half marathon in October."),
  save("user", "Diet", "Vegetarian since 2019, eats fish occasionally."),
  save("user", "Parents", "Parents live in Braga and visit every Christmas."),
  save("user", "Car", "Does not own a car; cycles or takes the metro."),
  save("feedback", "Prefers tabs", "Indent with tabs in every project, never spaces."),
  save("feedback", "Short answers", "Keep answers short; no preamble, no summary at the end."),
  save("feedback", "No emojis", "Never use emojis in commit messages or code comments."),
  save("feedback", "Explain regexes", "When writing a regular expression, explain each part in a comment."),
  save("feedback", "Tests first", "Write the failing test before the fix, and show it failing."),
  save(
    "feedback",
    "Conventional commits",
    "Commit messages follow Conventional Commits: feat:, fix:, chore:.",
  ),
  save("feedback", "British spelling", "Use British spelling in documentation (colour, behaviour)."),
  save("feedback", "No force push", "Never force-push to shared branches; open a new commit instead."),
  save("feedback", "Ask before deleting", "Ask before deleting any file outside the build folder."),
  save("feedback", "SQL style", "Write SQL keywords in upper case and table names in snake_case."),
  save("feedback", "Error messages", "Error messages must say what failed and what to do next."),
  save("feedback", "Avoid lodash", "Do not add lodash; use the standard library."),
  save("feedback", "Dark theme screenshots", "Take screenshots in the dark theme for the docs."),
  save("feedback", "Review tone", "In code review comments, suggest rather than command."),
  save("feedback", "Type hints", "Python code must have type hints on every public function."),
  save("project", "Billing rewrite", "The billing service is being rewritten in Go; Nadia leads it."),
  save("project", "Q3 goal", "Q3 goal: cut p95 checkout latency below 300 ms."),
  save("project", "On-call rotation", "On-call rotates weekly on Mondays; the schedule is in PagerDuty."),
  save("project", "Design review", "Every new service needs a design review with the platform team."),
  save(
    "project",
    "Mobile app freeze",
    "The mobile app has a feature freeze two weeks before each store release.",
  ),
  save("project", "Data retention", "Customer events are kept for 18 months, then deleted by a nightly job."),
  save("project", "Staging database", "Staging uses a nightly anonymised copy of production."),
  save("project", "Hiring", "We are hiring two SREs; Priya runs the interviews."),
  save("project", "Warehouse API", "The warehouse API is owned by the Fulfilment team in Rotterdam."),
  save("project", "Feature flags", "New features ship behind LaunchDarkly flags, removed after 30 days."),
  save("project", "Budget", "The team's cloud budget is 42,000 EUR a month."),
  save("project", "Incident reviews", "Incident reviews are blameless and written within five working days."),
  save("project", "Search migration", "Product search moves from Elasticsearch to OpenSearch this year."),
  save("project", "Office days", "The team meets in the office on Tuesdays and Thursdays."),
  save("project", "Customer Acme", "Acme is the largest customer; their contract renews in March."),
  save("reference", "Grafana board", "Latency dashboards: https://grafana.internal/d/checkout-latency"),
  save("reference", "Runbooks", "Runbooks live in the ops repository under docs/runbooks/."),
  save("reference", "Design docs", "Design documents are in the Confluence space ENG-DESIGN."),
  save("reference", "Bug tracker", "Bugs are filed in Linear, project CORE."),
  save("reference", "Team channel", "Team chat happens in #backend-guild on Slack."),
  save("reference", "Status page", "Public status page: https://status.example.com"),
  save("reference", "API docs", "Internal API reference: https://api-docs.internal/v2"),
  save("reference", "Load tests", "Load test scripts are in the perf/ folder, run with k6."),
  save("reference", "Secrets", "Service secrets are in Vault under kv/backend/."),
  save("reference", "Style guide", "The Go style guide is the Uber one, linked from the wiki."),
  save(
    "reference",
    "Release notes",
    "Release notes are drafted in the #releases channel before each deploy.",
  ),
  save("reference", "Error tracking", "Exceptions go to Sentry, organisation logistics-prod."),
  save("reference", "CI pipelines", "CI runs on GitHub Actions; workflows are in .github/workflows/."),
  save("reference", "Architecture map", "The system map is the C4 diagram in the architecture repository."),
  save(
    "reference",
    "Vendor contacts",
    "Vendor contacts are listed in the procurement sheet on the shared drive.",
  ),
];
