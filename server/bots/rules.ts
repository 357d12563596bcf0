import { languageOf } from '../messages';
import type { Reader } from '../services/area-texts';
import { requireProject, type ProjectAccess } from '../services/projects/access';
import type { OperationContext } from '../services/registry';
import { BOT_TRIGGER_CHOICES, type BotAction, type BotTrigger } from '../../protocol/bots';
import { BOT_MODE_WORDS, botTexts } from './texts';

/** A bot as stored (core.bots, the engine's columns by their sources). */
export interface Bot {
  id: number;
  company_id: number;
  name: string;
  project: number;
  enabled: boolean;
  trigger: BotTrigger;
  threshold: number | null;
  everyMinutes: number;
  platform: string | null;
  deviceGroup: string | null;
  action: BotAction;
  command: string | null;
  mailTo: string | null;
}

/** A command changes devices; a mail only reads them. */
const modeOf = (action: BotAction) => (action === 'command' ? 'write' : 'show');

/**
 * The bot's project as `ctx.user` reaches it, refused unless they may do the bot's action there
 * (see its devices for a mail, change them for a command): checked when the bot is saved and on
 * every run, with its creator as `ctx.user`.
 */
export async function botProject(
  ctx: OperationContext,
  bot: Pick<Bot, 'project' | 'action'>,
): Promise<ProjectAccess> {
  const project = await requireProject(ctx, bot.project);
  const mode = modeOf(bot.action);
  if (!project.can('devices', mode)) {
    const words = BOT_MODE_WORDS[languageOf(ctx.user.language)];
    throw botTexts.refusal(ctx.user, 'noRight', {
      what: words.what,
      project: project.name,
      mode: words[mode],
    });
  }
  return project;
}

/** The fields a bot's trigger and action need, refused by name when missing. */
export function checkBot(reader: Reader, bot: Omit<Bot, 'id' | 'company_id'>): void {
  if (bot.trigger !== 'schedule' && bot.threshold == null) {
    const choice = BOT_TRIGGER_CHOICES.find((c) => c.code === bot.trigger);
    const trigger = choice?.label[languageOf(reader.language)] ?? bot.trigger;
    throw botTexts.refusal(reader, 'thresholdMissing', { trigger });
  }
  if (bot.trigger === 'battery' && (bot.threshold ?? 0) > 100) {
    throw botTexts.refusal(reader, 'batteryOver');
  }
  if (bot.action === 'command' && !bot.command) throw botTexts.refusal(reader, 'commandMissing');
  if (bot.action === 'mail' && !bot.mailTo) throw botTexts.refusal(reader, 'mailMissing');
}
