import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  OVERRIDE_TARGETS,
  overrideTarget,
  type ResourceOverrides,
} from '../../protocol/resource-override';
import { checkOverride } from '../../protocol/override-check';

/**
 * The deployment's resource overrides (docs/resources.md): a JSON file named by
 * RESOURCE_OVERRIDES, read and validated once at start so that a mistake stops the server with
 * a message instead of surfacing as a broken list later.
 */

const fileSchema = z.strictObject({ resources: z.record(z.string(), z.unknown()) });

/** A refused override file; the message names the file and every problem, one per line. */
export class ResourceOverrideError extends Error {}

/**
 * Validates the parsed JSON of an override file; `origin` names the file in the message. Each
 * resource's entry is checked on its own (its shape, then the names it uses), one line a problem.
 */
export function parseResourceOverrides(json: unknown, origin: string): ResourceOverrides {
  const parsed = fileSchema.safeParse(json);
  const lines: string[] = [];
  const overrides: ResourceOverrides = {};
  if (!parsed.success) {
    for (const { path, message } of parsed.error.issues) {
      lines.push(`  ${path.map(String).join('.') || '(file)'}: ${message}`);
    }
  }
  for (const [name, entry] of Object.entries(parsed.data?.resources ?? {})) {
    const target = overrideTarget(name);
    if (!target) {
      const known = Object.keys(OVERRIDE_TARGETS).join(', ');
      lines.push(`  resources.${name}: unknown resource (known: ${known})`);
      continue;
    }
    const { override, issues } = checkOverride(target, entry, 'en');
    if (override) overrides[name] = override;
    for (const issue of issues) {
      lines.push(`  ${['resources', name, issue.path].filter(Boolean).join('.')}: ${issue.text}`);
    }
  }
  if (lines.length === 0) return overrides;
  throw new ResourceOverrideError(
    `Invalid resource overrides in ${origin} (RESOURCE_OVERRIDES):\n${lines.join('\n')}`,
  );
}

/** Reads the file named by RESOURCE_OVERRIDES; no file means no overrides. */
export function loadResourceOverrides(file: string | undefined): ResourceOverrides {
  if (!file) return {};
  const where = path.resolve(file);
  let text: string;
  try {
    text = fs.readFileSync(where, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ResourceOverrideError(
      `Cannot read the resource overrides file ${where} (RESOURCE_OVERRIDES): ${reason}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ResourceOverrideError(
      `The resource overrides file ${where} (RESOURCE_OVERRIDES) is not valid JSON: ${(error as Error).message}`,
    );
  }
  return parseResourceOverrides(json, where);
}
