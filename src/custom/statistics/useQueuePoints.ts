import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { GRAPH_POINTS, type QueueSource } from '../../../protocol/statistics';
import type { FlotaDataProvider } from '../../dataProvider';

export interface QueuePoint {
  /** When the value was read (ms since the epoch). */
  time: number;
  value: number;
}

/**
 * The last GRAPH_POINTS sizes of a queue, read every `period` seconds while not paused. A new
 * source starts a new series; resuming reads at once. A failed read keeps the series and shows
 * the error until the next read succeeds.
 */
export function useQueuePoints(
  database: number,
  source: QueueSource,
  period: number,
  paused: boolean,
) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [series, setSeries] = useState<{ source: QueueSource; points: QueuePoint[] }>({
    source,
    points: [],
  });
  const [error, setError] = useState<Error | null>(null);

  useEffect(() => {
    if (paused) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const value = Number(
          await dataProvider.statisticQueue(database, source, controller.signal),
        );
        if (controller.signal.aborted) return;
        setSeries((current) => ({
          source,
          points: [
            ...(current.source === source ? current.points : []),
            { time: Date.now(), value },
          ].slice(-GRAPH_POINTS),
        }));
        setError(null);
      } catch (failure) {
        if (controller.signal.aborted) return;
        setError(failure as Error);
      }
      timer = setTimeout(() => void read(), period * 1000);
    };
    void read();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [dataProvider, database, source, period, paused]);

  return { points: series.source === source ? series.points : [], error };
}
