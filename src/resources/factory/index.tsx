import { lazy, type ReactElement } from 'react';
import { ResourceContextProvider } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { AreaGuard } from '../../access/AreaGuard';

/**
 * The console factory of declared resources (protocol/resources, docs/resources.md): from a
 * definition, the screens mounted at its path. Nothing in this folder knows a resource by name;
 * hand-written parts plug in through src/resources/slots.ts.
 */
const DefinitionScreen = lazy(() => import('./DefinitionScreen'));

/**
 * What App.tsx mounts at `definition.path`: the list (with its create and edit dialogs) in the
 * resource's context, shown to callers allowed its area and list verb.
 * @example <Route path={COMPANIES.path} element={definitionScreens(COMPANIES)} />
 */
export function definitionScreens(definition: ResourceDefinition): ReactElement {
  return (
    <AreaGuard area={definition.name}>
      <ResourceContextProvider value={definition.name}>
        <DefinitionScreen definition={definition} />
      </ResourceContextProvider>
    </AreaGuard>
  );
}
