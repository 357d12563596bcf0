import { z } from 'zod';
import {
  QUEUE_SOURCES,
  semaphorePercent,
  type StatisticsResult,
} from '../../../protocol/statistics';
import { readReplicaCounts, type ReplicaCounts } from '../../replication/counts';
import { databaseSchema, defineProjectOperation } from '../projects/access';

/**
 * The statistics screen's calls (000 §2, §7; 002 §7), gated by the project tree's `statistics`
 * node. Both read the counters the database keeps (docs/replication.md, "Counters"): no queue is
 * counted per call, so they answer in a few milliseconds at ten million queued operations.
 */

/** 000 §3 "Statistics result" from the counters: the devices without a colour have none pending. */
export function statisticsResult(counts: ReplicaCounts): StatisticsResult {
  const coloured = counts.GREEN + counts.YELLOW + counts.RED;
  return {
    Total: counts.DEVICES,
    ElementsGreen: counts.GREEN,
    ElementsNoOps: Math.max(0, counts.DEVICES - coloured),
    ElementsYellow: counts.YELLOW,
    ElementsRed: counts.RED,
  };
}

const source = z.enum(QUEUE_SOURCES);

/**
 * `filter`: absent or 'semaphore' for the thresholds (fewer than 100, 100 to 1000, more than
 * 1000 pending operations), answered with the statistics result; a queue, 'SQUEUE' or 'QUEUE'
 * (also as `{table}`), for the number of operations it holds, answered with that number.
 */
const semaphoreParameter = z.object({
  database: databaseSchema,
  filter: z
    .union([z.literal('semaphore'), source, z.object({ table: source }).strict()])
    .default('semaphore'),
});

export const getStatisticSemaphore = defineProjectOperation({
  name: 'getStatisticSemaphore',
  parameter: semaphoreParameter,
  node: 'statistics',
  mode: 'show',
  async handler({ filter }, { db }, project) {
    const counts = await readReplicaCounts(db, project.schema);
    if (filter === 'semaphore') return statisticsResult(counts);
    return counts[typeof filter === 'string' ? filter : filter.table];
  },
});

/** The semaphore as percentages (000 §9): green with the no-op devices, yellow, red. */
export const getStatisticPercent = defineProjectOperation({
  name: 'getStatisticPercent',
  parameter: z.object({ database: databaseSchema }),
  node: 'statistics',
  mode: 'show',
  async handler(_parameter, { db }, project) {
    return semaphorePercent(statisticsResult(await readReplicaCounts(db, project.schema)));
  },
});
