/** What concurrent-writer.test-worker.mjs prints: every write the API acknowledged to it. */
export interface WorkerReport {
  memories: { name: string; path: string; content: string }[];
  generalEntries: string[];
  userPrefEntries: string[];
  profileSection: string;
  profileFacts: string[];
}
