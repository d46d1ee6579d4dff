import type { ProfileGenerationResult } from '@ri/contracts';

/** The completed task's counts in one sentence, as the alert after Refresh Segments says them. */
export function generationCountsText(result: ProfileGenerationResult): string {
  return `${result.profiles_generated} generated, ${result.profiles_updated} updated, ${result.profiles_skipped} skipped.`;
}

/** The profile distribution, largest first, as 'Skeptic: 12' lines. */
export function distributionLines(distribution: Record<string, number>): string[] {
  return Object.entries(distribution)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([profile, count]) => `${profile}: ${count}`);
}
