import type { CallService } from './callService';

/** A record's history (server/engine/revert.ts): put back the values a change replaced. */
export function revisionCalls(callService: CallService) {
  return {
    revertRevision: (id: number) => callService<Record<string, unknown>>('revisionsRevert', { id }),
  };
}

export type RevisionCalls = ReturnType<typeof revisionCalls>;
