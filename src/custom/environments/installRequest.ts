/**
 * The environment-install request of `/app/environments?oper=install&url=<manager>|<authority>`
 * (000 §2, §4): another Flota server's address and its identity provider, both absolute http(s)
 * URLs, separated by a vertical bar (URL-encoded as %7C or left as is).
 */
export interface InstallRequest {
  manager: string;
  authority: string;
}

const isHttpUrl = (text: string) => {
  if (!URL.canParse(text)) return false;
  return ['http:', 'https:'].includes(new URL(text).protocol);
};

/** null: no install asked; 'invalid': asked with an unusable url; otherwise the two addresses. */
export function installRequestOf(params: URLSearchParams): InstallRequest | 'invalid' | null {
  if (params.get('oper') !== 'install') return null;
  const [manager = '', authority = '', ...rest] = (params.get('url') ?? '').split('|');
  const trimmed = { manager: manager.trim(), authority: authority.trim() };
  if (rest.length || !isHttpUrl(trimmed.manager) || !isHttpUrl(trimmed.authority)) return 'invalid';
  return {
    manager: trimmed.manager.replace(/\/+$/, ''),
    authority: trimmed.authority.replace(/\/+$/, ''),
  };
}

/** A title for the new environment: the host of its server. */
export const suggestedName = (request: InstallRequest) => new URL(request.manager).host;
