import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useNotify, useRefresh, useTranslate } from 'react-admin';
import { ProblemDialog } from './ProblemDialog';

/** The i18n keys of one direction of a toggle: its button, confirmation and notice. */
export interface ToggleTexts {
  verb: string;
  title: string;
  content: string;
  done: string;
}

interface ConfirmedToggleProps {
  /** On: the button turns it off (disable, lock). */
  on: boolean;
  /** Names the row in the button's accessible name and the confirmation. */
  name: string;
  turnOff: ToggleTexts;
  turnOn: ToggleTexts;
  toggle(): Promise<unknown>;
  /**
   * i18n keys of a failure shown as a problem dialog (001 §8: a user's lock failure) instead of
   * a toast: its title, and its text, given the server's `description`.
   */
  problem?: { title: string; text: string };
}

/**
 * A row action that switches a state after the user confirms (a company enabled or disabled, a
 * user unlocked or locked), then refreshes the list: a row actions slot (src/resources/slots.ts).
 */
export function ConfirmedToggle({
  on,
  name,
  turnOff,
  turnOn,
  toggle,
  problem,
}: ConfirmedToggleProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const texts = on ? turnOff : turnOn;
  const change = useMutation({
    mutationFn: toggle,
    onSuccess: () => {
      notify(texts.done, { type: 'success' });
      refresh();
    },
    onError: (error: Error) =>
      problem ? setFailure(error.message) : notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  return (
    // The row opens its edit dialog on a click: clicks here (the dialog's too, which React
    // bubbles through the portal) stay here.
    <span onClick={(event) => event.stopPropagation()}>
      {/* An icon with its verb as tooltip, as the factory's row actions: a text button pushed
          the users list's last column past a 1280 px screen. */}
      <Tooltip title={translate(texts.verb)}>
        <IconButton
          size="small"
          color={on ? 'warning' : 'primary'}
          aria-label={`${translate(texts.verb)} ${name}`}
          onClick={() => setOpen(true)}
        >
          {on ? <BlockIcon fontSize="small" /> : <CheckCircleIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={change.isPending}
        title={texts.title}
        titleTranslateOptions={{ name }}
        content={texts.content}
        contentTranslateOptions={{ name }}
        confirm={texts.verb}
        confirmColor={on ? 'warning' : 'primary'}
        onConfirm={() => change.mutate()}
        onClose={() => setOpen(false)}
      />
      {problem && (
        <ProblemDialog
          title={problem.title}
          text={failure === null ? '' : translate(problem.text, { description: failure })}
          open={failure !== null}
          onClose={() => setFailure(null)}
        />
      )}
    </span>
  );
}
