import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { ADMIN_RIGHTS, isTopAdmin } from '../../../../protocol/roles';
import { useSession } from '../../../dataProvider';
import { CommandDialog, type CommandRequest } from './CommandDialog';
import { MailDialog, type MailTarget } from './MailDialog';
import { PushDialog } from './PushDialog';

/** Opens the remote operation dialogs of the device list (commands, mail, push). */
export interface RemoteUi {
  sendCommand: (request: CommandRequest) => void;
  mail: (target: MailTarget) => void;
  push: (target: MailTarget) => void;
}

const RemoteUiContext = createContext<RemoteUi | null>(null);

export function useRemoteUi(): RemoteUi {
  const ui = useContext(RemoteUiContext);
  if (!ui) throw new Error('useRemoteUi must be used inside RemoteUiProvider');
  return ui;
}

/** Holds which dialog is open; the menus and toolbars only ask to open one. */
export function RemoteUiProvider({
  database,
  children,
}: {
  database: number;
  children: ReactNode;
}) {
  const [command, setCommand] = useState<CommandRequest | null>(null);
  const [mail, setMail] = useState<MailTarget | null>(null);
  const [push, setPush] = useState<MailTarget | null>(null);
  const session = useSession();
  const profile = session.data?.profile;
  // `send e-mail` to users is for administrators (docs/api.md).
  const isAdmin = !!profile && (profile.rights === ADMIN_RIGHTS || isTopAdmin(profile));
  const ui = useMemo<RemoteUi>(
    () => ({ sendCommand: setCommand, mail: setMail, push: setPush }),
    [],
  );
  return (
    <RemoteUiContext.Provider value={ui}>
      {children}
      <CommandDialog database={database} request={command} onClose={() => setCommand(null)} />
      <MailDialog
        database={database}
        target={mail}
        canMailUsers={isAdmin}
        onClose={() => setMail(null)}
      />
      <PushDialog database={database} target={push} onClose={() => setPush(null)} />
    </RemoteUiContext.Provider>
  );
}
