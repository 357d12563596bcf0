import type { QueueSource, StatisticsPercent, StatisticsResult } from '../../protocol/statistics';
import type { CallService } from './callService';

/** The statistics screen's calls (000 §7 getStatisticSemaphore, 002 §7 getStatisticPercent). */
export function statisticsCalls(callService: CallService) {
  return {
    statisticSemaphore: (database: number, signal?: AbortSignal) =>
      callService<StatisticsResult>('getStatisticSemaphore', { database }, signal),
    /** The number of operations a queue holds now. */
    statisticQueue: (database: number, source: QueueSource, signal?: AbortSignal) =>
      callService<number>('getStatisticSemaphore', { database, filter: source }, signal),
    statisticPercent: (database: number, signal?: AbortSignal) =>
      callService<StatisticsPercent>('getStatisticPercent', { database }, signal),
  };
}

export type StatisticsCalls = ReturnType<typeof statisticsCalls>;
