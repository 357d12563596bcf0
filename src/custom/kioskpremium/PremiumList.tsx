import { useId } from 'react';
import { Box, LinearProgress, Typography } from '@mui/material';
import { ResourceContextProvider, useLocale } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { DefinitionList } from '../../resources/factory/DefinitionList';
import type { ResourceSlots } from '../../resources/slots';
import { useOverriddenDefinition } from '../../resources/overrides/useOverriddenDefinition';

interface PremiumListProps {
  /** A declared premium kiosk resource (`embedded`): its list, forms and delete. */
  definition: ResourceDefinition;
  owner: string;
  /** The selected profile's rows only (the link lists, the profile's devices). */
  fixedFilter?: Record<string, unknown>;
  /** A heading of its own (h2 in a tab, h3 under the selected profile). */
  heading?: { text: string; level: 'h2' | 'h3' };
  /** The list's own parts (the devices' context menu). */
  slots?: ResourceSlots;
}

/** One list of the premium kiosk page: the declared resource as the company customised it. */
export function PremiumList(props: PremiumListProps) {
  const { definition, owner, fixedFilter, heading, slots } = props;
  const language = useLocale() === 'en' ? 'en' : 'es';
  const customised = useOverriddenDefinition(definition);
  const title = heading?.text ?? definition.title.many[language];
  // One id per list: the devices tab and the chosen profile's devices list the same resource.
  const headingId = `${definition.name}-heading-${useId()}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography
        variant={heading?.level === 'h3' ? 'subtitle1' : 'h6'}
        component={heading?.level ?? 'h2'}
        id={headingId}
      >
        {title}
      </Typography>
      {customised ? (
        <ResourceContextProvider value={definition.name}>
          <DefinitionList
            // A new profile's lists start over (their page, sort and filters).
            key={JSON.stringify(fixedFilter ?? {})}
            definition={customised}
            embedded
            owner={owner}
            fixedFilter={fixedFilter}
            // A new link of the chosen profile starts with that profile.
            initial={fixedFilter}
            label={title}
            slots={slots}
          />
        </ResourceContextProvider>
      ) : (
        <LinearProgress aria-label={title} />
      )}
    </Box>
  );
}
