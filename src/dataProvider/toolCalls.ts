import type { CallService } from './callService';

/** The administrator's maintenance tasks of /app/tools (server/services/admin/tools.ts). */
export function toolCalls(callService: CallService) {
  return {
    purgeDeletedNow: () => callService<{ purged: number[] }>('toolPurgeDeleted', {}),
    clearHelpdesk: (days: number) => callService<{ files: number }>('toolClearHelpdesk', { days }),
    resendPasswordMail: (login: string) =>
      callService<{ login: string; email: string; mailed: boolean }>('toolPasswordMail', {
        login,
      }),
  };
}

export type ToolCalls = ReturnType<typeof toolCalls>;
