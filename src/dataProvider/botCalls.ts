import type { CallService } from './callService';

/** What a bot's run answered (server/bots/run.ts). */
export interface BotRunResult {
  outcome: 'done' | 'nothing' | 'refused' | 'failed';
  mids: string[];
  devices: number;
  detail: string;
}

/** A bot's dry run (the devices it would fire on) or a run now (server/bots/operations.ts). */
export function botCalls(callService: CallService) {
  return {
    runBot: (id: number, dry: boolean) => callService<BotRunResult>('botsRun', { id, dry }),
    /** The key its webhook requests are signed with; `renew` replaces it first. */
    botSecret: (id: number, renew: boolean) =>
      callService<{ secret: string }>('botsSecret', { id, renew }),
  };
}
