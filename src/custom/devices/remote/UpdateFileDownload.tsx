import { useState } from 'react';
import { IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { DeviceUpdateRow } from '../../../../protocol/updates';
import type { FlotaDataProvider } from '../../../dataProvider';
import { formatNumber } from '../../../i18n/formats';

/**
 * "Descargar fichero" of a device's update row (001 §2, §7): a menu of the update's files that
 * carry bytes (copied files and SQL files), each saved through POST {version, numero}.
 */
export function UpdateFileDownload({ database, row }: { database: number; row: DeviceUpdateRow }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const files = useQuery({
    queryKey: ['flota', 'filesForUpdate', database, row.versionCompleta],
    queryFn: ({ signal }) => dataProvider.filesForUpdate(database, row.versionCompleta, signal),
    enabled: anchor !== null,
    staleTime: 60_000,
  });
  const withBytes = (files.data ?? []).filter((file) => file.IsCopy || file.IsSqlFile);
  const download = async (numero: number) => {
    setAnchor(null);
    try {
      const size = await dataProvider.downloadUpdateFile(database, row.version, numero);
      // An empty file is warned about where it is saved (saveBlob).
      if (size === 0) return;
      notify('updates.device.downloaded', {
        type: 'success',
        messageArgs: { size: formatNumber(size, locale === 'en' ? 'en' : 'es') },
      });
    } catch (error) {
      notify('updates.device.failed', {
        type: 'error',
        messageArgs: { error: error instanceof Error ? error.message : String(error) },
      });
    }
  };
  const menuId = `update-files-${row.version}`;
  return (
    <>
      <Tooltip title={translate('updates.device.download')}>
        <IconButton
          size="small"
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-label={translate('updates.device.download_of', { version: row.versionCompleta })}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <DownloadIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {files.isPending && <MenuItem disabled>{translate('ra.page.loading')}</MenuItem>}
        {files.data && withBytes.length === 0 && (
          <MenuItem disabled>{translate('updates.no_files')}</MenuItem>
        )}
        {withBytes.map((file) => (
          <MenuItem key={file.numero} onClick={() => void download(file.numero)}>
            <ListItemText
              primary={file.name}
              secondary={translate('updates.device.download_named', {
                numero: file.numero,
                version: row.versionCompleta,
              })}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
