import type { SessionUser } from '../../auth';
import { languageOf } from '../../messages';
import type { ServiceError } from '../registry';
import type { ProjectDefinition } from './definition';
import { projectRefusal, projectText } from './texts';

/** How long another Flota server has to answer a publication (002 §9: publish timeout 60000 ms). */
export const REMOTE_TIMEOUT_MS = 60_000;

interface Envelope {
  error?: { code?: unknown; description?: unknown };
  result?: { numero?: unknown };
}

function unreachable(user: SessionUser, name: string, reason: string): ServiceError {
  return projectRefusal(user, 'environmentUnreachable', { name, reason });
}

/**
 * Sends a definition to another Flota server's manager API (`importProject`), signed in as the
 * caller there with `accessToken`, and answers the copy's number on that server. A server that
 * does not answer within REMOTE_TIMEOUT_MS, refuses the token (401, 403) or does not answer with
 * the envelope is "not reachable"; a refusal of its own is passed on with its description.
 */
export async function importRemotely(
  user: SessionUser,
  environment: { name: string; url_manager: string },
  accessToken: string | undefined,
  definition: ProjectDefinition,
): Promise<number> {
  const language = languageOf(user.language);
  const name = environment.name;
  if (!accessToken) throw unreachable(user, name, projectText(language, 'unreachableAuth'));
  let response: Response;
  try {
    response = await fetch(`${environment.url_manager.replace(/\/+$/, '')}/api/services`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${accessToken}`,
        'accept-language': language,
      },
      body: JSON.stringify({ operation: 'importProject', parameter: { definition } }),
      redirect: 'error',
      signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS),
    });
  } catch {
    throw unreachable(user, name, projectText(language, 'unreachableNetwork'));
  }
  const body = (await response.json().catch(() => null)) as Envelope | null;
  const description = typeof body?.error?.description === 'string' ? body.error.description : '';
  if (response.status === 401 || response.status === 403) {
    const reason = response.status === 403 && description ? description : null;
    throw unreachable(user, name, reason ?? projectText(language, 'unreachableAuth'));
  }
  if (!body?.error) {
    throw unreachable(
      user,
      name,
      projectText(language, 'unreachableAnswer', { status: response.status }),
    );
  }
  if (body.error.code !== '0' || typeof body.result?.numero !== 'number') {
    throw projectRefusal(user, 'environmentRefused', { name, reason: description.slice(0, 500) });
  }
  return body.result.numero;
}
