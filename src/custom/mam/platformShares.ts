import type { GraphResponse } from '../../dataProvider';

/** One platform's slice of the project: the chart's slice and the table's row. */
export interface PlatformShare {
  platform: string | null;
  devices: number;
  /** Between 0 and 1 of the project's devices. */
  share: number;
}

/** The `graph` answer as shares of the total, in the server's order (largest first). */
export function platformShares(graph: GraphResponse): PlatformShare[] {
  const total = Number(graph.total);
  return graph.data.map((row) => ({
    platform: row.platform,
    devices: Number(row.devices),
    share: total > 0 ? Number(row.devices) / total : 0,
  }));
}
