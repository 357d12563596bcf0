import type { z } from 'zod';
import {
  COMMANDS,
  commandParamsSchemas,
  isCommandName,
  type CommandName,
} from '../../protocol/commands';
import { ServiceError } from '../services/registry';
import { commandText, isCommandTextKey } from './texts';

/**
 * The command's name and parameters checked against protocol/commands.ts, or a refusal in the
 * caller's language that names what is wrong (001 §5 password texts among them).
 */
export function checkCommand(
  cmd: string,
  params: Record<string, unknown>,
  language: string,
): { cmd: CommandName; params: Record<string, unknown> } {
  if (!isCommandName(cmd)) {
    throw new ServiceError(
      commandText(language, 'unknownCommand', { cmd, list: COMMANDS.join(', ') }),
    );
  }
  const schema: z.ZodType = commandParamsSchemas[cmd];
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .slice(0, 5)
      .map((issue) =>
        isCommandTextKey(issue.message)
          ? commandText(language, issue.message)
          : `${issue.path.join('.') || 'params'}: ${issue.message}`,
      )
      .join('; ');
    throw new ServiceError(commandText(language, 'badParams', { cmd, detail }));
  }
  return { cmd, params: parsed.data as Record<string, unknown> };
}
