/**
 * mnemo/home: the detail types of a memory home's parts (profile, memories, dailies, archive, search, sessions,
 * status, doctor, onboarding).
 */

export type { ArchivedChunk } from "./engine/archive/archive.js";
export type { ArchivedItem, ArchiveListing, RestoreResult } from "./engine/archive/archive-browser.js";
export type { DailyLog } from "./engine/daily/daily-log.js";
export type { DoctorProblem, DoctorProblemKind } from "./engine/doctor/doctor.js";
export type { MemoryHeader } from "./engine/memdir/memory-file.js";
export type { MemoryProblem } from "./engine/memdir/scan-memories.js";
export type { MemoryHomeParts } from "./engine/memory-home.js";
export type { SoulAnswers } from "./engine/onboarding/soul-template.js";
export { DEFAULT_SOUL_ANSWERS } from "./engine/onboarding/soul-template.js";
export type { ProfileUsage, ProfileWriteOptions } from "./engine/profile/profile.js";
export type { FusionOptions } from "./engine/search/fusion.js";
export type { ReindexProgress } from "./engine/search/memory-search.js";
export type { SessionLog, SessionSummary } from "./engine/sessions/session-log.js";
export type { HomeStatus } from "./engine/status/home-status.js";
