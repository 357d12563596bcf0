/**
 * The statistics screen and the replication figures of the MAM dashboard (000 §2 "Statistics
 * screen", §3 "Statistics result", §7 getStatisticSemaphore, §9; 002 §7 getStatisticPercent;
 * docs/replication.md, "Counters"). Shared by the server and the console.
 */

/** A device with pending operations below this many is green (000 §7 "less than 100"). */
export const YELLOW_FROM = 100;
/** Above this many it is red (000 §7 "more than 1000"); from YELLOW_FROM to here, yellow. */
export const RED_ABOVE = 1000;
/** MoreXPendingOps counts the devices with more than this many pending operations: the red ones. */
export const MORE_X_PENDING = RED_ABOVE;

/** The queues the live graph can follow (000 §2). */
export const QUEUE_SOURCES = ['SQUEUE', 'QUEUE'] as const;
export type QueueSource = (typeof QUEUE_SOURCES)[number];

/** Points the queue graph keeps, and its refresh period unless the user changes it (000 §9). */
export const GRAPH_POINTS = 50;
export const DEFAULT_REFRESH_SECONDS = 5;
/** The refresh periods the user may choose, in seconds. */
export const REFRESH_CHOICES = [1, 2, 5, 10, 30, 60] as const;

/** 000 §3 "Statistics result": devices by pending operations (NoOps: none at all). */
export interface StatisticsResult {
  Total: number;
  ElementsGreen: number;
  ElementsNoOps: number;
  ElementsYellow: number;
  ElementsRed: number;
}

/** getStatisticPercent's result: the semaphore's three percentages. */
export interface StatisticsPercent {
  Total: number;
  Green: number;
  Yellow: number;
  Red: number;
}

/**
 * The semaphore's percentages (000 §9): green and no-op devices summed, each colour rounded
 * against the total; all 0 for a project without devices.
 *
 * @example
 * semaphorePercent({ Total: 3, ElementsGreen: 1, ElementsNoOps: 1, ElementsYellow: 1, ElementsRed: 0 })
 * // { Total: 3, Green: 67, Yellow: 33, Red: 0 }
 */
export function semaphorePercent(result: StatisticsResult): StatisticsPercent {
  const { Total } = result;
  const percent = (n: number) => (Total > 0 ? Math.round((n * 100) / Total) : 0);
  return {
    Total,
    Green: percent(result.ElementsGreen + result.ElementsNoOps),
    Yellow: percent(result.ElementsYellow),
    Red: percent(result.ElementsRed),
  };
}
