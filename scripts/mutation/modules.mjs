/**
 * The core modules under mutation testing (issue 13): for each, the source files Stryker mutates
 * and the test files that may kill its mutants. Only these tests run, so a mutant is judged by the
 * tests written for that part of mnemo, not by the whole suite; tests that spawn the `mnemo` bin
 * are left out (the bin runs the compiled package, which never contains the mutant). `needsDist`
 * marks a module whose tests still run the CLI somewhere: dist/ is built before its run.
 */
export const MODULES = [
  {
    name: "scopes",
    mutate: [
      "src/engine/scopes/scope-names.ts",
      "src/engine/scopes/compose-scoped-context.ts",
      "src/engine/scopes/merge-scoped-hits.ts",
      "src/engine/scopes/render-scoped-context.ts",
      "src/engine/scopes/scope-stack.ts",
      "src/open-scopes.ts",
      "src/session/tools/scoped-memory-tools.ts",
      "src/session/tools/scoped-list.ts",
      "src/session/tools/scoped-search.ts",
      "src/session/tools/scoped-tool-schemas.ts",
      "src/session/extraction/memories-by-layer.ts",
      "src/session/extraction/superseded-elsewhere.ts",
      "src/session/extraction/write-by-layer.ts",
      "src/session/extraction/existing-memory.ts",
      "src/session/extraction/apply-extraction.ts",
      "src/session/extraction/extraction-prompt.ts",
      // The project layer's files as MCP resources, under mnemo://project/.
      "src/surfaces/mcp/memory-resources.ts",
      "src/surfaces/mcp/register-memory-resources.ts",
      "src/surfaces/mcp/resource-uris.ts",
      "src/surfaces/mcp/served-memory.ts",
      // Which layer's home a subscription to a mnemo:// URI watches.
      "src/surfaces/mcp/stack-changes.ts",
    ],
    tests: [
      "src/open-scopes.test.ts",
      "src/engine/scopes/compose-scoped-context.test.ts",
      "src/session/tools/scoped-memory-tools.test.ts",
      "src/session/extraction/memories-by-layer.test.ts",
      "src/session/extraction/extraction-on-a-stack.test.ts",
      "src/session/extraction/extract-session.test.ts",
      "src/session/extraction/run-extraction.test.ts",
      "src/surfaces/mcp/scoped-resources.test.ts",
      "src/surfaces/mcp/resource-uris.test.ts",
    ],
  },
  {
    name: "budgets",
    mutate: [
      "src/engine/profile/budget.ts",
      "src/engine/profile/profile.ts",
      "src/engine/profile/section-edits.ts",
    ],
    tests: [
      "src/engine/profile/budget.test.ts",
      "src/engine/profile/profile.test.ts",
      "src/engine/profile/budget-archive.test.ts",
      "src/engine/profile/profile-edits.test.ts",
    ],
  },
  {
    name: "capacity",
    mutate: ["src/engine/journal/capacity.ts", "src/engine/journal/journal.ts"],
    tests: [
      "src/engine/journal/capacity.test.ts",
      "src/engine/journal/journal.test.ts",
      "src/engine/journal/journal-details.test.ts",
      "src/engine/journal/seed-000-properties.test.ts",
    ],
  },
  {
    name: "reconcile",
    mutate: ["src/session/extraction/reconcile.ts", "src/engine/consolidation/text-similarity.ts"],
    tests: [
      "src/session/extraction/reconcile.test.ts",
      "src/engine/consolidation/text-similarity.test.ts",
      "src/session/extraction/extract-session.test.ts",
    ],
  },
  {
    name: "ranking",
    // memory-search.integration.test.ts runs one search through the CLI, which needs a built dist/.
    needsDist: true,
    mutate: [
      "src/engine/search/fusion.ts",
      "src/engine/search/rank-chunks.ts",
      "src/engine/search/ranking-pipeline.ts",
      "src/engine/search/vector-feedback.ts",
    ],
    tests: [
      "src/engine/search/fusion.test.ts",
      "src/engine/search/rank-chunks.test.ts",
      "src/engine/search/ranking-pipeline.test.ts",
      "src/engine/search/vector-feedback.test.ts",
      "src/engine/search/ranking-order.integration.test.ts",
      "src/engine/search/vector-feedback.integration.test.ts",
      "src/engine/search/memory-search.integration.test.ts",
    ],
  },
  {
    // Issue 29: vectors filled in the background, the model loaded on first need, searches answering meanwhile.
    name: "vector-fill",
    needsDist: true,
    mutate: [
      "src/engine/search/vector-filler.ts",
      "src/engine/search/search-embedder.ts",
      "src/engine/search/search-vectors.ts",
    ],
    tests: [
      "src/engine/search/vector-filler.test.ts",
      "src/engine/search/search-vectors.test.ts",
      "src/engine/search/search-embedder.test.ts",
      "src/engine/search/lexical-first.integration.test.ts",
      "src/engine/search/memory-search.integration.test.ts",
    ],
  },
  {
    // BM25 from the chunks' terms in memory, held to FTS5's ranking by sqlite-chunk-terms.test.ts.
    name: "bm25-in-memory",
    mutate: ["src/adapters/bm25/term-postings.ts", "src/adapters/bm25/best-scored.ts"],
    tests: [
      "src/adapters/bm25/term-postings.test.ts",
      "src/adapters/bm25/best-scored.test.ts",
      "src/adapters/sqlite/sqlite-chunk-terms.test.ts",
    ],
  },
  {
    // Issue 29: a search's catch-up writes the changed documents in groups, one transaction each.
    name: "index-writes",
    mutate: ["src/engine/search/index-updater.ts", "src/adapters/sqlite/search-tables.ts"],
    tests: [
      "src/engine/search/index-updater.test.ts",
      "src/adapters/sqlite/sqlite-search-index.test.ts",
      "src/adapters/sqlite/sqlite-chunk-terms.test.ts",
      "src/engine/search/index-sync.test.ts",
      "src/engine/search/lexical-first.integration.test.ts",
    ],
  },
  {
    // Issue 28: what a message is searched by (its speaker, the turn a short reply answers), the turn
    // shown back as said, and an index of an earlier chunk form rebuilt rather than mixed.
    name: "message-indexing",
    mutate: [
      "src/engine/conversations/message-chunks.ts",
      "src/engine/conversations/turns-around-hits.ts",
      "src/engine/search/index-sync.ts",
      "src/eval/case-chunks.ts",
    ],
    tests: [
      "src/engine/conversations/message-chunks.test.ts",
      "src/engine/conversations/conversations.test.ts",
      "src/engine/search/speaker-names.integration.test.ts",
      "src/engine/search/message-chunk-format.integration.test.ts",
      "src/engine/doctor/index-check.test.ts",
      "src/engine/search/index-sync.test.ts",
      "src/eval/case-chunks.test.ts",
      "src/eval/run-retrieval-eval.test.ts",
    ],
  },
  {
    name: "query-terms",
    mutate: ["src/rules/query-terms.ts"],
    tests: ["src/rules/query-terms.test.ts", "src/engine/search/ranking-order.integration.test.ts"],
  },
  {
    name: "frontmatter",
    mutate: ["src/engine/markdown/plain-frontmatter.ts", "src/engine/markdown/frontmatter.ts"],
    tests: [
      "src/engine/markdown/plain-frontmatter.test.ts",
      "src/engine/markdown/frontmatter.test.ts",
      "src/engine/memdir/memdir.test.ts",
      "src/engine/memdir/scan-memories.test.ts",
    ],
  },
  {
    name: "safe-paths",
    mutate: ["src/adapters/fs/safe-path.ts"],
    tests: [
      "src/adapters/fs/safe-path.test.ts",
      "src/adapters/fs/shared-folder-checks.test.ts",
      "src/adapters/fs/fs-document-store.test.ts",
    ],
  },
  {
    name: "atomic-write-and-lock",
    mutate: [
      "src/adapters/fs/atomic-write.ts",
      "src/adapters/fs/home-lock.ts",
      "src/adapters/fs/write-ahead-log.ts",
      "src/adapters/fs/staged-writer.ts",
      "src/adapters/fs/read-text-cache.ts",
    ],
    tests: [
      "src/adapters/fs/read-text-cache.test.ts",
      "src/adapters/fs/read-text-cache-reads.test.ts",
      "src/adapters/fs/atomic-write.test.ts",
      "src/adapters/fs/home-lock.test.ts",
      "src/adapters/fs/home-lock-faults.test.ts",
      "src/adapters/fs/write-ahead-log.test.ts",
      "src/adapters/fs/write-ahead-log-commit.test.ts",
      "src/adapters/fs/staged-writer.test.ts",
      "src/adapters/fs/fs-document-store.test.ts",
    ],
  },
  {
    // The secret guard and the block-tag neutraliser (issues 11, 26, 27): what may be stored, and
    // what memory text may do in a prompt. Most of its rules are regular expressions built when the
    // module loads: their mutants are static and left out (see docs/mutation.md).
    name: "guard",
    mutate: [
      "src/engine/guard/all-matches.ts",
      "src/engine/guard/context-rules.ts",
      "src/engine/guard/encoded-secrets.ts",
      "src/engine/guard/instruction-like-text.ts",
      "src/engine/guard/neutralize-block-tags.ts",
      "src/engine/guard/scan-secrets.ts",
      "src/engine/guard/secret-guard.ts",
      "src/engine/guard/secret-values.ts",
      "src/engine/guard/tag-spelling.ts",
      "src/engine/guard/text-views.ts",
      "src/engine/guard/token-rules.ts",
    ],
    // false-positives.test.ts reads 93,672 LongMemEval turns: seconds for every mutant, left out.
    tests: [
      "src/engine/guard/all-matches.test.ts",
      "src/engine/guard/instruction-like-text.test.ts",
      "src/engine/guard/neutralize-block-tags.test.ts",
      "src/engine/guard/scan-secrets.test.ts",
      "src/engine/guard/scan-secrets-disguised.test.ts",
      "src/engine/guard/secret-guard.test.ts",
      "src/engine/guard/secret-names.test.ts",
      "src/engine/guard/secret-values.test.ts",
      "src/engine/guard/text-views.test.ts",
      "src/engine/guard/encoded-secrets.test.ts",
    ],
  },
  {
    // What left a file, listed a page at a time and restored through the checks of a save (issue 26).
    name: "archive",
    mutate: [
      "src/engine/archive/archive.ts",
      "src/engine/archive/archive-chunks.ts",
      "src/engine/archive/archive-browser.ts",
      "src/engine/archive/restore-plan.ts",
      "src/engine/archive/restore-into.ts",
    ],
    tests: [
      "src/engine/archive/archive-chunks.test.ts",
      "src/engine/archive/archive-browser.test.ts",
      "src/engine/archive/restore-plan.test.ts",
      "src/engine/archive/archive-edges.test.ts",
      "src/engine/profile/budget-archive.test.ts",
      "src/surfaces/http/archive-paging.test.ts",
      "src/surfaces/http/http-api.test.ts",
    ],
  },
  {
    name: "authors",
    mutate: [
      "src/engine/memdir/memory-author.ts",
      "src/rules/author-name.ts",
      "src/engine/search/author-hits.ts",
    ],
    tests: ["src/engine/memdir/memory-author.test.ts", "src/surfaces/http/agents-http.test.ts"],
  },
  {
    name: "access-check",
    mutate: ["src/surfaces/http/access-check.ts", "src/surfaces/http/home-shown-to.ts"],
    tests: [
      "src/surfaces/http/access-check.test.ts",
      "src/surfaces/http/http-refusals.test.ts",
      "src/surfaces/http/home-shown-to.test.ts",
      "src/surfaces/http/many-homes.test.ts",
    ],
  },
  {
    name: "extraction-queueing",
    mutate: [
      "src/engine/sessions/pending-queue.ts",
      "src/engine/sessions/pending-file.ts",
      "src/session/extraction/pending-extractions.ts",
      "src/session/extraction/run-extraction.ts",
    ],
    tests: [
      "src/session/extraction/extract-session.test.ts",
      "src/session/extraction/extraction-redaction.test.ts",
      "src/session/extraction/pending-queue.test.ts",
      "src/session/extraction/pending-claims.test.ts",
      "src/session/extraction/run-extraction.test.ts",
      // On a stack, each layer's memories are reconciled against that layer and written there.
      "src/session/extraction/memories-by-layer.test.ts",
      "src/session/extraction/extraction-on-a-stack.test.ts",
      // mnemo learn queues its parts claimed, and reports a failed extraction from the queue.
      "src/session/learning/learn-transcript.test.ts",
    ],
  },
  {
    // mnemo learn: which part of a transcript is new, the ledger and claim that learn it once.
    name: "learn",
    mutate: [
      "src/session/learning/learned-range.ts",
      "src/session/learning/learned-ledger.ts",
      "src/session/learning/learn-transcript.ts",
      "src/session/learning/learn-report.ts",
    ],
    tests: [
      "src/session/learning/learned-range.test.ts",
      "src/session/learning/learn-transcript.test.ts",
      "src/session/learning/learn-transcript-edges.test.ts",
    ],
  },
  {
    // What waits in .pending/: extracted by `learn --pending`, which the SessionStart hook starts.
    name: "queued-learning",
    mutate: ["src/surfaces/agent-hooks/queued-learning.ts", "src/surfaces/cli/queued-extractions.ts"],
    tests: [
      "src/surfaces/agent-hooks/queued-learning.test.ts",
      "src/surfaces/cli/queued-extractions.test.ts",
    ],
  },
  {
    // Sessions killed before they ended: their open marker, the queueing of their conversation, once.
    name: "interrupted-sessions",
    mutate: [
      "src/engine/sessions/open-sessions.ts",
      "src/rules/process-alive.ts",
      "src/session/agent/open-session-marker.ts",
      "src/session/extraction/earlier-sessions.ts",
    ],
    tests: [
      "src/engine/sessions/open-sessions.test.ts",
      "src/session/agent/killed-session.test.ts",
      "src/session/extraction/pending-claims.test.ts",
      // process-alive's EPERM rule (a holder of another user is alive) is tested with the lock.
      "src/adapters/fs/home-lock-faults.test.ts",
    ],
  },
  {
    // A home moved through a folder: which paths are the tree, the rules an imported file keeps
    // (those of a save), the plan of an import and the home's same-named memories it replaces.
    name: "transfer",
    mutate: [
      "src/rules/tree-layout.ts",
      "src/engine/transfer/check-tree.ts",
      "src/engine/transfer/check-tree-file.ts",
      "src/engine/transfer/import-plan.ts",
      "src/engine/transfer/same-name-memories.ts",
      "src/engine/transfer/home-tree.ts",
    ],
    tests: [
      "src/rules/tree-layout.test.ts",
      "src/engine/transfer/check-tree.test.ts",
      "src/engine/transfer/import-plan.test.ts",
      "src/engine/transfer/home-tree.test.ts",
      "src/adapters/fs/tree-folder.test.ts",
      "src/export-import.test.ts",
    ],
  },
  {
    // Another tool's memory read into planned saves (mnemo import --from): each format's mapper,
    // names, dates and the place of each error; and the import applying them through the home's save.
    name: "import-from",
    mutate: [
      "src/engine/transfer/import-from/planned-import.ts",
      "src/engine/transfer/import-from/json-input.ts",
      "src/engine/transfer/import-from/claude-code-memory.ts",
      "src/engine/transfer/import-from/prose-sections.ts",
      "src/engine/transfer/import-from/mem0-export.ts",
      "src/engine/transfer/import-from/letta-agent-file.ts",
      "src/engine/transfer/import-from/cursor-rules.ts",
      "src/import-from.ts",
    ],
    tests: [
      "src/engine/transfer/import-from/planned-import.test.ts",
      "src/engine/transfer/import-from/claude-code-memory.test.ts",
      "src/engine/transfer/import-from/prose-sections.test.ts",
      "src/engine/transfer/import-from/mem0-export.test.ts",
      "src/engine/transfer/import-from/letta-agent-file.test.ts",
      "src/engine/transfer/import-from/cursor-rules.test.ts",
      "src/import-from.test.ts",
    ],
  },
  {
    // The one statement of a PostgreSQL search and its filters: each home's candidates, and only
    // that home's (a prefilter without its home condition loses the home's vectors past 400).
    // Each term's chunk count (BM25's document frequency) is kept by the index writes and filled
    // on upgrade (schema version 5): a wrong count changes every score.
    // The integration tests start a throwaway cluster, or skip without PostgreSQL installed.
    name: "postgres-search-sql",
    mutate: [
      "src/adapters/postgres/candidate-search-sql.ts",
      "src/adapters/postgres/chunk-filter-sql.ts",
      "src/adapters/postgres/postgres-candidate-search.ts",
      "src/adapters/postgres/postgres-chunk-writes.ts",
      "src/adapters/postgres/postgres-schema.ts",
    ],
    tests: [
      "src/adapters/postgres/postgres-pure.test.ts",
      "src/adapters/postgres/postgres-ranking.integration.test.ts",
      "src/adapters/postgres/postgres-term-chunks.integration.test.ts",
      "src/adapters/postgres/postgres-tenancy.integration.test.ts",
      "src/recall-postgres-homes.integration.test.ts",
    ],
  },
  {
    // PostgreSQL documents read by change stamp: a large document's cached text is used only at
    // the stamp it was read or written at, so what another process wrote is always read. A name
    // lookup reads byte-order ranges of paths (schema version 6), and lists what the folder
    // filtered by the prefixes lists.
    name: "postgres-large-documents",
    mutate: [
      "src/adapters/postgres/large-document-cache.ts",
      "src/adapters/postgres/postgres-document-reader.ts",
      "src/adapters/postgres/postgres-document-store.ts",
      "src/adapters/postgres/prefix-range.ts",
    ],
    tests: [
      "src/adapters/postgres/large-document-cache.integration.test.ts",
      "src/adapters/postgres/postgres-name-lookup.integration.test.ts",
      "src/adapters/postgres/prefix-range.test.ts",
      "src/adapters/postgres/postgres-bulk-reads.integration.test.ts",
      "src/adapters/postgres/postgres-conformance.integration.test.ts",
      "src/adapters/postgres/postgres-concurrent-writers.integration.test.ts",
    ],
  },
  // Working memory in four parts: 1,116 mutants in one run were over two hours here, too long to
  // run after a change; each part is measured, and re-run, on its own.
  {
    name: "working-memory-extractors",
    mutate: [
      "src/engine/working-memory/built-in-extractors.ts",
      "src/engine/working-memory/mnemo-tools-extractor.ts",
      "src/engine/working-memory/tool-result-extractor.ts",
      "src/engine/working-memory/tool-result-fields.ts",
      "src/engine/working-memory/tool-observation.ts",
      "src/engine/working-memory/chunk-inputs.ts",
      "src/engine/working-memory/chunk-metadata.ts",
      "src/engine/working-memory/known-chapters.ts",
    ],
    tests: [
      "src/engine/working-memory/built-in-extractors.test.ts",
      "src/engine/working-memory/built-in-extractor-shapes.test.ts",
      "src/engine/working-memory/chunk-inputs.test.ts",
      "src/engine/working-memory/mnemo-tools-extractor.test.ts",
      "src/engine/working-memory/mnemo-tools-extractor-shapes.test.ts",
      "src/engine/working-memory/tool-observation.test.ts",
      "src/engine/working-memory/tool-result-fields.test.ts",
      "src/engine/working-memory/working-memory.test.ts",
      "src/engine/working-memory/chunk-metadata.test.ts",
      "src/engine/working-memory/known-chapters.test.ts",
    ],
  },
  {
    name: "working-memory-chunks",
    mutate: [
      "src/engine/working-memory/content-chunks.ts",
      "src/engine/working-memory/render-working-memory.ts",
      "src/engine/working-memory/truncate-text.ts",
    ],
    tests: [
      "src/engine/working-memory/content-chunks.test.ts",
      "src/engine/working-memory/render-budget.test.ts",
      "src/engine/working-memory/render-working-memory.test.ts",
      "src/engine/working-memory/truncate-text.test.ts",
      "src/engine/working-memory/working-memory.test.ts",
    ],
  },
  {
    name: "working-memory-cache",
    mutate: [
      "src/engine/working-memory/sized-lru-cache.ts",
      "src/engine/working-memory/session-cache.ts",
      "src/engine/working-memory/canonical-json.ts",
    ],
    tests: [
      "src/engine/working-memory/sized-lru-cache.test.ts",
      "src/engine/working-memory/session-cache.test.ts",
      "src/engine/working-memory/canonical-json.test.ts",
      "src/engine/working-memory/working-memory.test.ts",
    ],
  },
  {
    name: "working-memory-core",
    mutate: [
      "src/engine/working-memory/working-memory.ts",
      "src/engine/working-memory/working-memory-options.ts",
    ],
    tests: ["src/engine/working-memory/*.test.ts"],
  },
  {
    // What a model reads of a tool call: the page of journal entries, and data held to the output schema.
    name: "tool-results",
    mutate: ["src/session/tools/journal-page.ts", "src/session/tools/memory-tool.ts"],
    tests: [
      "src/session/tools/memory-tool.test.ts",
      "src/session/tools/journal-page.test.ts",
      "src/session/tools/memory-read-topic.test.ts",
      "src/session/tools/memory-tools.test.ts",
    ],
  },
  {
    // Claude's memory tool on a home (mnemo/claude-memory): paths, text edits and files, through
    // MemoryHome. Its tests run the commands in process (the SDK's betaMemoryTool included).
    name: "claude-memory",
    mutate: ["src/surfaces/claude-memory/*.ts", "!src/surfaces/claude-memory/*.test.ts"],
    tests: [
      "src/surfaces/claude-memory/handle-claude-memory-command.test.ts",
      "src/surfaces/claude-memory/claude-memory-files.test.ts",
      "src/surfaces/claude-memory/claude-memory-listing.test.ts",
      "src/surfaces/claude-memory/claude-memory-handlers.test.ts",
      "src/surfaces/claude-memory/claude-memory-path.test.ts",
      "src/surfaces/claude-memory/claude-memory-text.test.ts",
    ],
  },
  {
    // What that surface needs of the engine: renaming a typed memory, topic files written whole.
    name: "memory-rename-and-topic-files",
    mutate: ["src/engine/memdir/rename-memory.ts", "src/engine/journal/topic-files.ts"],
    tests: ["src/engine/memdir/rename-memory.test.ts", "src/engine/journal/topic-files.test.ts"],
  },
  {
    // MEMORY.md's index lines: every save rewrites one, so a wrong edit loses or doubles a memory's line.
    name: "memory-index",
    mutate: ["src/engine/memdir/memory-index.ts"],
    tests: ["src/engine/memdir/memory-index.test.ts", "src/engine/memdir/memdir.test.ts"],
  },
  {
    // The session context: what of each layer fits the token budget, the files' budgets and the line
    // caps, what a cut line shows, and the notice of what was left out and why (issue 26 point 7, issue 27).
    name: "context",
    mutate: [
      "src/engine/context/fit-context.ts",
      "src/engine/context/take-units.ts",
      "src/engine/context/left-out-notice.ts",
      "src/engine/context/context-budget.ts",
      "src/engine/context/load-context.ts",
      "src/engine/context/render-context.ts",
      "src/engine/context/holding-index-lines.ts",
    ],
    tests: [
      "src/engine/context/fit-context.test.ts",
      "src/engine/context/fit-context-edges.test.ts",
      "src/engine/context/context.test.ts",
      "src/engine/context/context-cuts.test.ts",
      "src/engine/context/holding-index-lines.test.ts",
    ],
  },
  {
    // Consolidation on every save (issue 30): what a save leaves, updates or adds, and doctor's check.
    name: "consolidation",
    mutate: [
      "src/engine/consolidation/compare-memories.ts",
      "src/engine/consolidation/consolidation-rules.ts",
      "src/engine/consolidation/consolidation-candidates.ts",
      "src/engine/consolidation/candidate-index.ts",
      "src/engine/consolidation/consolidated-save.ts",
      "src/engine/consolidation/consolidated-batch.ts",
      "src/engine/consolidation/apply-decision.ts",
      "src/engine/consolidation/memory-index-lines.ts",
      "src/engine/consolidation/parse-consolidation-reply.ts",
      "src/engine/consolidation/memory-words.ts",
      "src/engine/doctor/consolidation-check.ts",
    ],
    tests: [
      "src/engine/consolidation/consolidation-rules.test.ts",
      "src/engine/consolidation/candidate-index.test.ts",
      "src/engine/consolidation/memory-index-lines.test.ts",
      "src/engine/consolidation/consolidated-save.test.ts",
      "src/engine/memdir/save-memories.test.ts",
      "src/session/tools/memory-save.test.ts",
      "src/engine/doctor/consolidation-check.test.ts",
    ],
  },
  {
    // mnemo daemon (issue 29 point 2): who may reach the socket, which requests it answers, its idle stop.
    name: "daemon",
    mutate: [
      "src/surfaces/daemon/daemon-paths.ts",
      "src/surfaces/daemon/daemon-setting.ts",
      "src/surfaces/daemon/daemon-requests.ts",
      "src/surfaces/daemon/daemon-server.ts",
    ],
    tests: ["src/surfaces/daemon/daemon-server.test.ts"],
  },
  {
    // mnemo setup (issue 31): how a coding agent's settings are merged and taken out again, as text.
    name: "agent-setup",
    mutate: [
      "src/surfaces/setup/json-text-edit.ts",
      "src/surfaces/setup/marked-block.ts",
      "src/surfaces/setup/claude-hooks-edit.ts",
      "src/surfaces/setup/mcp-servers-edit.ts",
      "src/surfaces/setup/codex-config-edit.ts",
      "src/surfaces/setup/cursor-rule-edit.ts",
      "src/surfaces/setup/agent-edits.ts",
    ],
    tests: [
      "src/surfaces/setup/json-text-edit.test.ts",
      "src/surfaces/setup/marked-block.test.ts",
      "src/surfaces/setup/agent-edits.test.ts",
    ],
  },
  {
    // Token rights (issue 30 point 2): what a read-only or agent-limited token of mnemo serve may do.
    name: "rights",
    mutate: [
      "src/engine/tenancy/token-rights.ts",
      "src/surfaces/http/request-rights.ts",
      "src/engine/memdir/replaceable-memories.ts",
      "src/surfaces/mcp/memory-tools-handler.ts",
    ],
    tests: [
      "src/engine/tenancy/token-rights.test.ts",
      "src/surfaces/http/token-rights-mcp.test.ts",
      "src/surfaces/mcp/mcp-server.test.ts",
      "src/engine/memdir/replaceable-memories.test.ts",
      "src/surfaces/http/request-rights.test.ts",
      "src/surfaces/http/own-writes-http.test.ts",
      "src/surfaces/http/token-rights-http.test.ts",
      "src/surfaces/http/own-read-http.test.ts",
    ],
  },
];
