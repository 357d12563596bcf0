import { useDataProvider, useGetIdentity, useRecordContext } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import { ConfirmedToggle } from '../../resources/ConfirmedToggle';

/**
 * Locks or unlocks the user of the row, one at a time and after confirmation (001 §4): the users
 * list's row actions slot, through `lockUser`. A locked user's every request is refused. Not
 * offered on one's own row.
 */
export function UserLockButton() {
  const record = useRecordContext<{ id: number; login: string; active: boolean }>();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const { identity } = useGetIdentity();
  // Nobody locks themselves (the server refuses it too): their own row offers no button.
  if (!record || String(identity?.id) === String(record.id)) return null;
  return (
    <ConfirmedToggle
      on={record.active}
      name={record.login}
      turnOff={{
        verb: 'users.lock',
        title: 'users.lock_title',
        content: 'users.lock_content',
        done: 'users.locked',
      }}
      turnOn={{
        verb: 'users.unlock',
        title: 'users.unlock_title',
        content: 'users.unlock_content',
        done: 'users.unlocked',
      }}
      toggle={() => dataProvider.lockUser(record.id, record.active)}
      problem={{ title: 'users.problem', text: 'users.operation_failed' }}
    />
  );
}
