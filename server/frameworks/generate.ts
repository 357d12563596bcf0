import { strToU8, unzipSync, zipSync } from 'fflate';
import { BUILD_CONFIG_FILE, BUILD_MODELS_FILE, PLAT_ANDROID } from '../../protocol/frameworks';
import { readAll } from '../files/streams';
import { languageOf } from '../messages';
import type { OperationContext } from '../services/registry';
import { signJar } from './jar-sign';
import type { SigningKey } from './keys';
import { buildKey, frameworkFiles, setProgress, templateKey } from './store';
import { frameworksText } from './texts';

/** Everything a generation writes into its build, worked out before the job starts. */
export interface BuildPlan {
  generation: number;
  companyId: number;
  version: { id: number; title: string; type: string; plat: number };
  config: Record<string, unknown>;
  models: Record<string, unknown>;
  /** A PNG icon, when one was given. */
  icon: Buffer | null;
  /** The Android key it is signed with; null for iOS (its team id is in the configuration). */
  signing: SigningKey | null;
}

/** Where the icon goes in each platform's build. */
export const ICON_PATH: Record<number, string> = {
  1: 'res/mipmap/ic_launcher.png',
  2: 'AppIcon.png',
};

/**
 * The generation job (docs/frameworks.md, "Generate"): reads the version's template from the file
 * store, writes the configuration and the models into it, signs it (Android, JAR v1) and stores
 * the build, moving the generation's state and progress at each step so that the console shows
 * them. It runs after the generate call has answered; a failure is the generation's `failed`
 * state with its reason, never the caller's error.
 */
export async function runGeneration(ctx: OperationContext, plan: BuildPlan): Promise<void> {
  const language = languageOf(ctx.user.language);
  const step = (key: Parameters<typeof frameworksText>[1]) => frameworksText(language, key);
  const id = plan.generation;
  try {
    await setProgress(ctx.db, id, { state: 'running', progress: 10, detail: step('stepTemplate') });
    const files = frameworkFiles(ctx);
    const opened = await files.get(templateKey(plan.version.id));
    if (!opened) throw new Error(step('notZipTemplate'));
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(await readAll(opened.stream));
    } catch {
      throw new Error(step('notZipTemplate'));
    }
    await setProgress(ctx.db, id, { progress: 40, detail: step('stepConfig') });
    entries[BUILD_CONFIG_FILE] = strToU8(JSON.stringify(plan.config, null, 2));
    entries[BUILD_MODELS_FILE] = strToU8(JSON.stringify(plan.models, null, 2));
    if (plan.icon) entries[ICON_PATH[plan.version.plat]] = plan.icon;
    if (plan.version.plat === PLAT_ANDROID && plan.signing) {
      await setProgress(ctx.db, id, { progress: 70, detail: step('stepSign') });
      entries = signJar(entries, plan.signing);
    }
    await setProgress(ctx.db, id, { progress: 90, detail: step('stepStore') });
    const zip = Buffer.from(zipSync(entries, { level: 6 }));
    await files.put(buildKey(plan.companyId, id), zip);
    await setProgress(ctx.db, id, {
      state: 'done',
      progress: 100,
      detail: step('stepDone'),
      size: zip.length,
    });
  } catch (error) {
    ctx.log.warn({ err: error, generation: id }, 'framework generation failed');
    const reason = error instanceof Error ? error.message : String(error);
    await setProgress(ctx.db, id, {
      state: 'failed',
      detail: frameworksText(language, 'failed', { reason }).slice(0, 500),
    }).catch(() => undefined);
  }
}
