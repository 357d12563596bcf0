import { sql } from 'kysely';
import { languageOf } from '../messages';
import type { Reader } from '../services/area-texts';
import { requireProject, type ProjectAccess } from '../services/projects/access';
import { visibleReports } from '../services/reports/list';
import { parseMacros } from '../../protocol/report-macros';
import type { OperationContext } from '../services/registry';
import { BOT_TRIGGER_CHOICES, type BotAction, type BotTrigger } from '../../protocol/bots';
import { BOT_MODE_WORDS, botTexts } from './texts';
import { webhookUrl } from './webhook';

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
  model: string | null;
  action: BotAction;
  command: string | null;
  mailTo: string | null;
  webhookUrl: string | null;
  pushMessage: string | null;
  report: number | null;
}

/** The columns of a core.bots row `b` as a Bot (the runner's and the schedule's reads). */
export const BOT_COLUMNS = sql`b.id::int AS id, b.company_id, b.name, b.project::int AS project,
  b.enabled, b.trigger, b.threshold, b."everyMinutes", b.platform, b."deviceGroup", b.model, b.action,
  b.command, b."mailTo", b."webhookUrl", b."pushMessage", b.report`;

/** A command changes devices; the other actions only read them. */
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
  const words = BOT_MODE_WORDS[languageOf(ctx.user.language)];
  if (!project.can('devices', mode)) {
    throw botTexts.refusal(ctx.user, 'noRight', {
      what: words.what,
      project: project.name,
      mode: words[mode],
    });
  }
  if (bot.action === 'report' && !project.can('reports', 'show')) {
    throw botTexts.refusal(ctx.user, 'noReports', { what: words.what, project: project.name });
  }
  return project;
}

/**
 * A report action's report, when the bot is saved: visible to its creator, and with a default
 * for every macro it asks (001 §5), since no one is there to fill them when the bot runs; a
 * report changed afterwards is refused by its run ("Debe rellenar todas las macros").
 */
export async function checkBotReport(
  ctx: OperationContext,
  project: ProjectAccess,
  bot: Pick<Bot, 'action' | 'report'>,
): Promise<void> {
  if (bot.action !== 'report' || !bot.report) return;
  const report = await visibleReports(project, ctx)
    .select(['TITLE', 'SQL'])
    .where('ID', '=', bot.report)
    .executeTakeFirst();
  if (!report) {
    throw botTexts.refusal(ctx.user, 'reportGone', { id: bot.report, project: project.name });
  }
  const keys = parseMacros(report.SQL)
    .filter((macro) => macro.value === '')
    .map((macro) => macro.key);
  if (keys.length > 0) {
    throw botTexts.refusal(ctx.user, 'reportMacros', {
      report: report.TITLE,
      keys: keys.join(', '),
    });
  }
}

/** The fields a bot's trigger and action need, refused by name when missing. */
export function checkBot(reader: Reader, bot: Omit<Bot, 'id' | 'company_id'>): void {
  const needsThreshold = bot.trigger !== 'schedule' && bot.trigger !== 'noncompliant';
  if (needsThreshold && bot.threshold == null) {
    const choice = BOT_TRIGGER_CHOICES.find((c) => c.code === bot.trigger);
    const trigger = choice?.label[languageOf(reader.language)] ?? bot.trigger;
    throw botTexts.refusal(reader, 'thresholdMissing', { trigger });
  }
  if (bot.trigger === 'battery' && (bot.threshold ?? 0) > 100) {
    throw botTexts.refusal(reader, 'batteryOver');
  }
  if (bot.action === 'command' && !bot.command) throw botTexts.refusal(reader, 'commandMissing');
  if ((bot.action === 'mail' || bot.action === 'report') && !bot.mailTo) {
    throw botTexts.refusal(reader, 'mailMissing');
  }
  if (bot.action === 'webhook' && !(bot.webhookUrl && webhookUrl(bot.webhookUrl))) {
    throw botTexts.refusal(reader, 'webhookMissing');
  }
  if (bot.action === 'push' && !bot.pushMessage) throw botTexts.refusal(reader, 'pushMissing');
  if (bot.action === 'report' && !bot.report) throw botTexts.refusal(reader, 'reportMissing');
}
