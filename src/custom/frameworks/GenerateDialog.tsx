import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { FRAMEWORK_PLATFORMS, PLAT_ANDROID } from '../../../protocol/frameworks';
import type { FlotaDataProvider } from '../../dataProvider';
import type { FrameworkCertificate, FrameworkEnvironment } from '../../dataProvider/frameworkCalls';
import { ClosableTitle } from '../devices/remote/ClosableTitle';
import { useChoiceLabel } from './choiceLabel';
import { GenerationProgress } from './GenerationProgress';
import { IconPicker } from './IconPicker';

interface GenerateDialogProps {
  projectid: number;
  environment: FrameworkEnvironment;
  certificates: FrameworkCertificate[];
  onClose(): void;
  onDone(message: string): void;
}

const expired = (certificate: FrameworkCertificate) =>
  certificate.expires_at !== null && new Date(certificate.expires_at).getTime() < Date.now();

/**
 * Generate (002 §6 Frameworks, §7 generateFrameworks): the platform, a framework version of it,
 * a certificate of it, the app's names, its model and icon; then the job's progress, read from
 * the generation until it is done or failed.
 */
export function GenerateDialog(props: GenerateDialogProps) {
  const { projectid, environment, certificates, onClose } = props;
  const translate = useTranslate();
  const label = useChoiceLabel();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [plat, setPlat] = useState(PLAT_ANDROID);
  const [version, setVersion] = useState<number | ''>('');
  const [certificate, setCertificate] = useState<number | ''>('');
  const [appname, setAppname] = useState('');
  const [appNameWeb, setAppNameWeb] = useState('');
  const [model, setModel] = useState('');
  const [icon, setIcon] = useState<string | null>(null);
  const versions = useQuery({
    queryKey: ['flota', 'frameworkVersionChoices', plat, projectid, environment.id],
    queryFn: ({ signal }) =>
      dataProvider.frameworkVersionChoices(plat, projectid, environment.id, signal),
  });
  const usable = certificates.filter((entry) => entry.plat === plat);
  const generate = useMutation({
    mutationFn: () =>
      dataProvider.generateFramework({
        projectid,
        IdEnv: environment.id,
        Props: {
          version: Number(version),
          certificate: Number(certificate),
          appname: appname.trim(),
          ...(appNameWeb.trim() && { AppNameWeb: appNameWeb.trim() }),
          ...(icon && { icon }),
        },
        ...(model.trim() && { model: model.trim() }),
      }),
  });
  const started = generate.data;
  const ready = version !== '' && certificate !== '' && appname.trim() !== '';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="frameworks-generate">
      <ClosableTitle onClose={onClose}>
        <span id="frameworks-generate">{translate('frameworks.generate_title')}</span>
      </ClosableTitle>
      <DialogContent>
        {started ? (
          <GenerationProgress
            projectid={projectid}
            environment={environment.id}
            id={started.id}
            onDone={props.onDone}
          />
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label={translate('frameworks.platform')}
              value={plat}
              onChange={(event) => {
                setPlat(Number(event.target.value));
                setVersion('');
                setCertificate('');
              }}
            >
              {FRAMEWORK_PLATFORMS.map((choice) => (
                <MenuItem key={choice.code} value={choice.code}>
                  {label(choice)}
                </MenuItem>
              ))}
            </TextField>
            {versions.isPending && <LinearProgress />}
            {versions.isError && <Alert severity="error">{versions.error.message}</Alert>}
            {versions.isSuccess && versions.data.length === 0 ? (
              <Alert severity="info">{translate('frameworks.no_versions')}</Alert>
            ) : (
              <TextField
                select
                required
                label={translate('frameworks.version')}
                value={version}
                onChange={(event) => setVersion(Number(event.target.value))}
              >
                {(versions.data ?? []).map((choice) => (
                  <MenuItem key={choice.Id} value={choice.Id}>
                    {choice.Tittle} ({choice.Type})
                  </MenuItem>
                ))}
              </TextField>
            )}
            {usable.length === 0 ? (
              <Alert severity="info">{translate('frameworks.no_certificates')}</Alert>
            ) : (
              <TextField
                select
                required
                label={translate('frameworks.certificate')}
                value={certificate}
                onChange={(event) => setCertificate(Number(event.target.value))}
              >
                {usable.map((choice) => (
                  <MenuItem key={choice.id} value={choice.id} disabled={expired(choice)}>
                    {choice.name}
                    {expired(choice) ? ` (${translate('frameworks.expired')})` : ''}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              required
              label={translate('frameworks.appname')}
              value={appname}
              onChange={(event) => setAppname(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              label={translate('frameworks.appnameweb')}
              value={appNameWeb}
              onChange={(event) => setAppNameWeb(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              label={translate('frameworks.model')}
              helperText={translate('frameworks.model_hint')}
              value={model}
              onChange={(event) => setModel(event.target.value)}
              multiline
              minRows={2}
            />
            <IconPicker value={icon} onChange={setIcon} />
            {generate.isError && <Alert severity="error">{generate.error.message}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          {translate(started ? 'frameworks.close' : 'frameworks.cancel')}
        </Button>
        {!started && (
          <Button
            variant="contained"
            disabled={!ready || generate.isPending}
            onClick={() => generate.mutate()}
          >
            {translate('frameworks.generate')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
