import { Box, LinearProgress, Typography } from '@mui/material';
import { ResourceContextProvider, useTranslate } from 'react-admin';
import { MDM_ASSIGNMENTS } from '../../../protocol/resources/mdm-assignments';
import { DefinitionList } from '../../resources/factory/DefinitionList';
import { useOverriddenDefinition } from '../../resources/overrides/useOverriddenDefinition';

/**
 * The editor's "Grupos" tab: the device groups this policy is assigned to (the declared
 * `mdm-assignments` narrowed to it), each with the devices that take it; an administrator adds
 * one (project, group, priority) or removes one in the list's own dialog and row menu.
 */
export function PolicyAssignments({ policyId, name }: { policyId: number; name: string }) {
  const translate = useTranslate();
  const customised = useOverriddenDefinition(MDM_ASSIGNMENTS);
  const label = translate('mdm.assignments.label', { name });
  return (
    <Box sx={{ '& .RaList-main.RaList-noActions': { mt: 0 } }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('mdm.assignments.intro')}
      </Typography>
      {customised ? (
        <ResourceContextProvider value={MDM_ASSIGNMENTS.name}>
          <DefinitionList
            definition={customised}
            owner={label}
            label={label}
            embedded
            fixedFilter={{ policy: policyId }}
            initial={{ policy: policyId }}
          />
        </ResourceContextProvider>
      ) : (
        <LinearProgress aria-label={label} />
      )}
    </Box>
  );
}
