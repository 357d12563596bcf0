import { LinearProgress } from '@mui/material';
import { ResourceContextProvider, useTranslate } from 'react-admin';
import { GROUPS } from '../../../protocol/resources/groups';
import { DefinitionList } from '../../resources/factory/DefinitionList';
import { useOverriddenDefinition } from '../../resources/overrides/useOverriddenDefinition';
import { useProjectAccess } from '../../project/useProjectAccess';

/**
 * The Grupos tab of /app/setting: the project's groups as the declared resource `groups`
 * (protocol/resources/groups.ts) with its editor, synchronise and provision slots
 * (src/custom/settings/groups/).
 */
export function GroupsTab({ database }: { database: number }) {
  const translate = useTranslate();
  const customised = useOverriddenDefinition(GROUPS);
  const access = useProjectAccess(database);
  if (!customised) return <LinearProgress aria-label={translate('groups.editor.loading')} />;
  return (
    <ResourceContextProvider value={GROUPS.name}>
      <DefinitionList
        definition={customised}
        database={database}
        owner={access.data?.name ?? ''}
        embedded
      />
    </ResourceContextProvider>
  );
}
