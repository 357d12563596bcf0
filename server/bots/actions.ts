import { sendToDevices } from '../commands/send';
import { pushToDevices } from '../commands/operations';
import { sendMail } from '../mail';
import { languageOf } from '../messages';
import type { ProjectAccess } from '../services/projects/access';
import { visibleReports } from '../services/reports/list';
import { runReportSql } from '../services/reports/run';
import type { OperationContext } from '../services/registry';
import { BOT_SHOWN_DEVICES, BOT_TRIGGER_CHOICES } from '../../protocol/bots';
import { COMMAND_LABELS } from '../../protocol/command-labels';
import type { CommandName } from '../../protocol/commands';
import { fileNamePart, neutralizeFormula, toCsv } from '../../protocol/csv';
import { REPORT_MAX_ROWS } from '../../protocol/report-macros';
import type { BotDeps } from './run';
import type { Bot } from './rules';
import { botSecret } from './secret';
import { botTexts } from './texts';
import { callWebhook, webhookUrl } from './webhook';

/** An action that could not be done (a webhook that answered an error): the run failed. */
export class BotFailure extends Error {}

interface Acting {
  deps: BotDeps;
  ctx: OperationContext;
  bot: Bot;
  project: ProjectAccess;
  mids: string[];
}

/** The bot's action for the devices; answers what it did, in its creator's words. */
export async function act(acting: Acting): Promise<string> {
  return ACTIONS[acting.bot.action](acting);
}

const language = (ctx: OperationContext) => languageOf(ctx.user.language);
const triggerLabel = (bot: Bot, ctx: OperationContext) =>
  BOT_TRIGGER_CHOICES.find((c) => c.code === bot.trigger)?.label[language(ctx)] ?? bot.trigger;

/** The devices named in a mail: the first BOT_SHOWN_DEVICES, and how many more. */
function listed(ctx: OperationContext, mids: string[]): string {
  const more = mids.length - BOT_SHOWN_DEVICES;
  return (
    mids.slice(0, BOT_SHOWN_DEVICES).join('\n') +
    (more > 0 ? `\n${botTexts.text(language(ctx), 'mailMore', { count: String(more) })}` : '')
  );
}

const ACTIONS: Record<Bot['action'], (acting: Acting) => Promise<string>> = {
  async command({ ctx, bot, project, mids }) {
    const command = bot.command as CommandName;
    await sendToDevices({ cmd: command, dest: mids, params: {}, wait: false }, ctx, project, 'bot');
    const label = COMMAND_LABELS[command]?.[language(ctx)] ?? command;
    return botTexts.text(language(ctx), 'ranCommand', { command: label, count: mids.length });
  },

  async mail({ deps, ctx, bot, project, mids }) {
    const vars = {
      bot: bot.name,
      project: project.name,
      count: mids.length,
      trigger: triggerLabel(bot, ctx),
    };
    await sendMail(deps, {
      to: bot.mailTo!,
      subject: botTexts.text(language(ctx), 'mailSubject', vars),
      text: botTexts.text(language(ctx), 'mailBody', { ...vars, mids: listed(ctx, mids) }),
    });
    return botTexts.text(language(ctx), 'ranMail', { to: bot.mailTo!, count: mids.length });
  },

  async webhook({ deps, ctx, bot, project, mids }) {
    const url = webhookUrl(bot.webhookUrl ?? '');
    if (!url) throw botTexts.refusal(ctx.user, 'webhookMissing');
    const secret = await botSecret(deps.db, bot.id);
    const outcome = await callWebhook(
      url,
      secret,
      {
        bot: { id: bot.id, name: bot.name },
        project: { id: project.numero, name: project.name },
        run: { trigger: bot.trigger, at: new Date().toISOString() },
        devices: mids,
        total: mids.length,
      },
      deps.config.BOTS_WEBHOOK_PRIVATE,
    );
    const vars = { url: url.origin, count: mids.length };
    if ('error' in outcome) {
      if (outcome.error === 'private') {
        throw botTexts.refusal(ctx.user, 'webhookPrivate', { address: outcome.message });
      }
      const key = outcome.error === 'timeout' ? 'webhookTimeout' : 'webhookError';
      throw new BotFailure(botTexts.text(language(ctx), key, { ...vars, error: outcome.message }));
    }
    const said = { ...vars, status: outcome.status };
    if (outcome.status < 200 || outcome.status > 299) {
      throw new BotFailure(botTexts.text(language(ctx), 'webhookStatus', said));
    }
    return botTexts.text(language(ctx), 'ranWebhook', said);
  },

  async push({ ctx, bot, project, mids }) {
    const pushed = await pushToDevices(ctx, project, mids, 0, bot.pushMessage);
    return botTexts.text(language(ctx), 'ranPush', {
      count: mids.length,
      sent: pushed.sent,
      offline: pushed.offline,
    });
  },

  async report({ deps, ctx, bot, project, mids }) {
    const report = await visibleReports(project, ctx)
      .select(['TITLE', 'SQL'])
      .where('ID', '=', bot.report!)
      .executeTakeFirst();
    if (!report) {
      throw botTexts.refusal(ctx.user, 'reportGone', { id: bot.report!, project: project.name });
    }
    const result = await runReportSql(project, report.SQL, {}, ctx, {
      readOnly: true,
      limit: REPORT_MAX_ROWS,
    });
    const cell = (value: unknown) =>
      value === null || value === undefined
        ? ''
        : neutralizeFormula(typeof value === 'object' ? JSON.stringify(value) : String(value));
    const csv = toCsv(
      result.Columns.map((column) => column.colunName),
      result.Datas.map((row) => row.map(cell)),
    );
    const day = new Date().toISOString().slice(0, 10);
    const filename = `${fileNamePart(report.TITLE) || 'informe'}-${day}.csv`;
    const vars = {
      bot: bot.name,
      project: project.name,
      count: mids.length,
      trigger: triggerLabel(bot, ctx),
      report: report.TITLE,
      rows: result.Datas.length,
    };
    await sendMail(deps, {
      to: bot.mailTo!,
      subject: botTexts.text(language(ctx), 'reportSubject', vars),
      text: botTexts.text(language(ctx), 'reportBody', { ...vars, mids: listed(ctx, mids) }),
      attachments: [
        {
          filename,
          contentType: 'text/csv; charset=utf-8',
          content: Buffer.from(csv, 'utf8').toString('base64'),
        },
      ],
    });
    return botTexts.text(language(ctx), 'ranReport', { ...vars, to: bot.mailTo! });
  },
};
