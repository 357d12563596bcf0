import { useMemo, useState } from 'react';
import { Alert, LinearProgress, Typography } from '@mui/material';
import { ResourceContextProvider, useLocale, useTranslate } from 'react-admin';
import { canAccess } from '../../../protocol/access-tree';
import { PROJECT_FILES } from '../../../protocol/resources/project-files';
import { DefinitionList } from '../../resources/factory/DefinitionList';
import { useOverriddenDefinition } from '../../resources/overrides/useOverriddenDefinition';
import { useProjectAccess } from '../../project/useProjectAccess';
import { FileBreadcrumbs } from './files/FileBreadcrumbs';
import { ProjectFilesContext } from './files/projectFilesContext';

/**
 * The fileBrowser tab of /app/setting (000 §2): the project's own files on the server, one folder
 * at a time, as the declared list `project-files` (protocol/resources/project-files.ts) with the
 * folder as its fixed filter. Rows open (a folder) or download (a file); who may write the node
 * `settings.filebrowser` uploads, opens new folders and deletes (server/project-files/).
 */
export function FileBrowserTab({ database }: { database: number }) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const customised = useOverriddenDefinition(PROJECT_FILES);
  const access = useProjectAccess(database);
  const [folder, setFolder] = useState('');
  const tree = access.data?.jsonAccess;
  const canWrite = Boolean(tree && canAccess(tree, 'settings.filebrowser', 'write'));
  const context = useMemo(
    () => ({ database, folder, openFolder: setFolder, canWrite }),
    [database, folder, canWrite],
  );
  const title = PROJECT_FILES.title.many[language];
  if (!customised || !access.data) return <LinearProgress aria-label={title} />;
  const allowed = canAccess(access.data.jsonAccess, 'settings.filebrowser', 'show');
  return (
    <section aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('projectFiles.intro')}
      </Typography>
      {!allowed ? (
        <Alert severity="info">{translate('projectSettings.denied', { area: title })}</Alert>
      ) : (
        <ProjectFilesContext.Provider value={context}>
          {!canWrite && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {translate('projectFiles.read_only')}
            </Alert>
          )}
          <FileBreadcrumbs folder={folder} onOpen={setFolder} />
          <ResourceContextProvider value={PROJECT_FILES.name}>
            <DefinitionList
              // A folder is a list of its own: its page and search start afresh.
              key={folder}
              definition={customised}
              database={database}
              fixedFilter={{ folder }}
              owner={access.data.name}
              embedded
            />
          </ResourceContextProvider>
        </ProjectFilesContext.Provider>
      )}
    </section>
  );
}
