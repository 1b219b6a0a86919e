/**
 * Whether memory stays flat over the soak (issue 15 §5), read from its samples.
 *
 * The server's RSS under a steady load swings with V8's collections: 250 to 340 MB from one
 * 10 s sample to the next on the bench's soak. The soak also starts from an idle moment (right
 * after the main measurements), below the band the load then holds it in. Comparing the first
 * sample with the last therefore measured where the band sits and where in it the last sample
 * fell, not a trend. The growth is the median of the samples of the soak's last window over the
 * median of its first window, both under the same load, the window starting after the first
 * sample that is already under load (second > 0).
 */
import { round } from './util.js';

export const SOAK_WINDOW_SECONDS = 120;

/** The window each end of a soak of `seconds` is read over (its halves when it is shorter than two). */
const windowOf = (seconds: number) => Math.min(SOAK_WINDOW_SECONDS, seconds / 2);

export type SoakSample = { second: number; value: number };

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The medians of the first and the last window of a soak of `seconds`, and the growth between
 * them (undefined when either window has no sample, or the soak is shorter than two windows:
 * then its halves are compared).
 */
export function steadyGrowth(samples: SoakSample[], seconds: number): { firstMedian: number; lastMedian: number; growth: number } | undefined {
  const loaded = samples.filter((sample) => sample.second > 0);
  const window = windowOf(seconds);
  const firstMedian = median(loaded.filter((sample) => sample.second <= window).map((sample) => sample.value));
  const lastMedian = median(loaded.filter((sample) => sample.second > seconds - window).map((sample) => sample.value));
  if (firstMedian === undefined || lastMedian === undefined || firstMedian <= 0) return undefined;
  return { firstMedian, lastMedian, growth: (lastMedian - firstMedian) / firstMedian };
}

/**
 * The soak's memory figures from its samples (server RSS, and the install's total where known):
 * each window's median, the largest sample, and the growth between the windows.
 */
export function soakFigures(samples: Array<{ second: number; rssMb: number; totalMb?: number | null }>, seconds: number) {
  const rss = steadyGrowth(
    samples.map((sample) => ({ second: sample.second, value: sample.rssMb })),
    seconds,
  );
  const withTotals = samples.filter((sample): sample is { second: number; rssMb: number; totalMb: number } => typeof sample.totalMb === 'number');
  const total = steadyGrowth(
    withTotals.map((sample) => ({ second: sample.second, value: sample.totalMb })),
    seconds,
  );
  return {
    windowSeconds: windowOf(seconds),
    firstRssMb: rss ? round(rss.firstMedian, 1) : null,
    lastRssMb: rss ? round(rss.lastMedian, 1) : null,
    maxRssMb: Math.max(...samples.map((sample) => sample.rssMb)),
    // Without samples under the load (a soak shorter than a sample): the end over the start.
    growth: round(rss ? rss.growth : samples.at(-1)!.rssMb / samples[0]!.rssMb - 1, 4),
    firstTotalMb: total ? round(total.firstMedian, 1) : null,
    lastTotalMb: total ? round(total.lastMedian, 1) : null,
    maxTotalMb: withTotals.length > 0 ? Math.max(...withTotals.map((sample) => sample.totalMb)) : null,
    totalGrowth: total ? round(total.growth, 4) : null,
  };
}
