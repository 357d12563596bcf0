import { Fragment } from 'react';
import { NotFound } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import { extendMessages } from '../i18n/i18nProvider';
import { resourceMessagesOf } from '../i18n/resourceMessages';
import { ScreenFallback } from '../layout/ScreenFallback';
import { knowDefinition } from './declared';
import { definitionScreens } from './factory';
import { useCustomDefinitions } from './overrides/useCustomDefinitions';

/** The definitions whose texts the translations already have. */
const known = new WeakSet<ResourceDefinition>();

/** Makes a custom entity known to the data provider, `canAccess` and the translations. */
function know(definition: ResourceDefinition) {
  if (known.has(definition)) return;
  known.add(definition);
  knowDefinition(definition);
  extendMessages({
    es: resourceMessagesOf([definition], 'es'),
    en: resourceMessagesOf([definition], 'en'),
  });
}

/**
 * `/app/custom/<name>`: a custom entity of the caller's company (docs/resources.md, "Custom
 * entities"), made by the factory from the definition the server sends, as a declared one is.
 */
export default function CustomEntityScreen() {
  const { name } = useParams();
  const customs = useCustomDefinitions();
  if (customs.isPending) return <ScreenFallback />;
  const definition = customs.data?.entities.find((entity) => entity.name === name);
  if (!definition) return <NotFound />;
  know(definition);
  return <Fragment key={definition.name}>{definitionScreens(definition)}</Fragment>;
}
