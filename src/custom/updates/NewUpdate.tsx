import { useReducer, useState } from 'react';
import { Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useNotify, useTranslate } from 'react-admin';
import type { UpdateTypeName } from '../../../protocol/updates';
import { DeviceTargets } from './DeviceTargets';
import { EmptySelectionNotice } from './EmptySelectionNotice';
import { FileListEditor } from './FileListEditor';
import { GroupPicker } from './GroupPicker';
import { PublishConfirm, type PublishTarget } from './PublishConfirm';
import { PublishProgress } from './PublishProgress';
import { TypeOptions } from './TypeOptions';
import { fileListReducer, typeCode, validateDraft, type DraftProblem } from './updateDraft';
import { usePublish } from './usePublish';

interface NewUpdateProps {
  database: number;
  /** A group manager publishes licence updates only (000 §6). */
  licenceOnly: boolean;
  /** Devices from the device list's "Actualizar": the update is a licence update for them. */
  initialMids: string[];
  targetName: string | null;
  onDone(): void;
}

/**
 * The new update view (000 §2, §4, §5): its type and platform, its devices or groups, the
 * repository and push choices, its file list; Publicar checks it, asks for confirmation saying
 * how many devices will receive it (and whether it goes to the repository), and runs the
 * three-step publish.
 */
export function NewUpdate({
  database,
  licenceOnly,
  initialMids,
  targetName,
  onDone,
}: NewUpdateProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const forced = initialMids.length > 0 || licenceOnly;
  const [type, setType] = useState<UpdateTypeName | ''>(forced ? 'LICENCIA' : '');
  const [platform, setPlatform] = useState(8);
  const [repository, setRepository] = useState(false);
  const [sendPush, setSendPush] = useState(true);
  const [mids, setMids] = useState(initialMids);
  const [ids, setIds] = useState(new Map<number, string>());
  const [groups, setGroups] = useState(new Map<number, string>());
  const [pickerOpen, setPickerOpen] = useState(false);
  const [files, dispatch] = useReducer(fileListReducer, []);
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const [confirming, setConfirming] = useState<PublishTarget | null>(null);
  const publisher = usePublish(database, (result) => {
    notify('updates.published', {
      type: 'success',
      messageArgs: { version: result.versionCompleta, smart_count: result.devices ?? 0 },
    });
    onDone();
  });
  const busy = publisher.state.step !== 'idle';

  const target = (): PublishTarget => ({
    Type: typeCode(type as UpdateTypeName),
    lstMID: type === 'LICENCIA' ? mids : type === 'GRUPOS' ? [...groups.keys()] : [],
    ...(type === 'PLATAFORMA' ? { Platform: platform } : {}),
  });
  const toRepository = type === 'GENERAL' || repository;
  const start = () => {
    publisher.publish(files, {
      ...target(),
      updateRepository: toRepository,
      SendPush: sendPush,
    });
  };
  // Checked here first, then confirmed with the number of devices the server counts.
  const submit = () => {
    const found = validateDraft({ type, platform, mids, groups: [...groups.keys()] }, files);
    if (found) return setProblem(found);
    setConfirming(target());
  };

  return (
    <Card component="section" aria-labelledby="new-update-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="new-update-title" variant="h6" component="h2">
            {translate('updates.new.title')}
            {targetName && ` — ${translate('updates.new.from_devices', { name: targetName })}`}
          </Typography>
          <TypeOptions
            type={type}
            onType={(next) => {
              setType(next);
              if (next === 'GENERAL') setRepository(false);
            }}
            typeLocked={forced}
            platform={platform}
            onPlatform={setPlatform}
            repository={type === 'GENERAL' || repository}
            onRepository={setRepository}
            sendPush={sendPush}
            onSendPush={setSendPush}
            disabled={busy}
          />
          {type === 'LICENCIA' && (
            <DeviceTargets
              database={database}
              mids={mids}
              ids={ids}
              open={pickerOpen}
              onOpen={() => setPickerOpen(true)}
              onChange={(nextMids, nextIds) => {
                setMids(nextMids);
                setIds(nextIds);
              }}
              disabled={busy}
            />
          )}
          {type === 'GRUPOS' && (
            <GroupPicker
              database={database}
              selected={groups}
              onToggle={(group, on) => {
                const next = new Map(groups);
                if (on) next.set(group.ID, group.NAME);
                else next.delete(group.ID);
                setGroups(next);
              }}
            />
          )}
          <Divider />
          <FileListEditor files={files} dispatch={dispatch} disabled={busy} />
          <PublishProgress
            state={publisher.state}
            onRetry={publisher.retry}
            onCancel={publisher.reset}
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button variant="contained" startIcon={<SendIcon />} disabled={busy} onClick={submit}>
              {translate('updates.new.publish')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
      <EmptySelectionNotice
        problem={problem}
        onClose={() => {
          if (problem?.open === 'devices') setPickerOpen(true);
          setProblem(null);
        }}
      />
      <PublishConfirm
        database={database}
        target={confirming}
        repository={toRepository}
        onConfirm={() => {
          setConfirming(null);
          start();
        }}
        onClose={() => setConfirming(null)}
      />
    </Card>
  );
}
