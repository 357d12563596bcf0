import { LinearProgress, Typography } from '@mui/material';
import { ResourceContextProvider, useLocale, useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { DefinitionList } from '../../resources/factory/DefinitionList';
import { useOverriddenDefinition } from '../../resources/overrides/useOverriddenDefinition';

interface EmbeddedResourceListProps {
  /** A declared company resource shown inside this page (`embedded`). */
  definition: ResourceDefinition;
  /** The company's name, for the exports. */
  owner: string;
  /** An i18n key of a line under the heading. */
  intro?: string;
}

/** One of the organization page's lists: the declared resource as the company customised it. */
export function EmbeddedResourceList({ definition, owner, intro }: EmbeddedResourceListProps) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const customised = useOverriddenDefinition(definition);
  const title = definition.title.many[language];
  const headingId = `${definition.name}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mt: 3 }}>
        {title}
      </Typography>
      {intro && (
        <Typography variant="body2" color="text.secondary">
          {translate(intro)}
        </Typography>
      )}
      {customised ? (
        <ResourceContextProvider value={definition.name}>
          <DefinitionList definition={customised} embedded owner={owner} />
        </ResourceContextProvider>
      ) : (
        <LinearProgress aria-label={title} />
      )}
    </section>
  );
}
