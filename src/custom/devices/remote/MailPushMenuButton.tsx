import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { useTranslate } from 'react-admin';
import { REMOTE_LABELS } from './remoteActions';
import { useRemoteActions } from './useRemoteActions';

/** The top toolbar's mail and push to every device, which need no selection (001 §2). */
export function MailPushMenuButton() {
  const translate = useTranslate();
  const remote = useRemoteActions();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items = remote.actions.filter((action) => action === 'mailAll' || action === 'pushAll');
  return (
    <>
      <Button
        size="small"
        startIcon={<ForwardToInboxIcon />}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {translate('remote.menu.mail_push')}
      </Button>
      <Menu open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)}>
        {items.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              remote.run(action as 'mailAll' | 'pushAll');
            }}
          >
            {translate(REMOTE_LABELS[action])}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
