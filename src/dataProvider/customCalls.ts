import type { CallService } from './callService';

/** Custom entities beyond their CRUD (server/engine/custom/entities.ts). */
export function customCalls(callService: CallService) {
  return {
    /** A deleted entity back, with its records, within its 30 days. */
    restoreCustomEntity: (id: number) =>
      callService<Record<string, unknown>>('restoreCustomEntity', { id }),
  };
}

export type CustomCalls = ReturnType<typeof customCalls>;
