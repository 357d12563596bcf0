import { useCallback } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { FlotaDataProvider } from '../dataProvider';
import { PATHS } from '../paths';
import { currentEnvironment, setCurrentEnvironment } from './currentEnvironment';
import type { EnvironmentRef } from './types';

/** Queries about the console's own session and environments survive a change of environment. */
const KEPT = new Set(['session', 'environment', 'environments']);
const keptOnSwitch = (key: QueryKey) => key[0] === 'flota' && KEPT.has(String(key[1]));

/**
 * Opens a project of an environment: that environment becomes the current one (saved on the
 * server as the UI state's serverid), what the console read from the previous one is forgotten,
 * and the device list of the project is shown.
 */
export function useOpenProject() {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (environment: EnvironmentRef, database: number, path: string = PATHS.devicelist) => {
      const previous = currentEnvironment();
      setCurrentEnvironment(environment);
      if (previous?.id !== environment.id || previous.address !== environment.address) {
        queryClient.removeQueries({ predicate: (query) => !keptOnSwitch(query.queryKey) });
      }
      const target = `${path}?database=${database}`;
      await dataProvider
        .saveState(target, String(database), String(environment.id))
        .catch(() => undefined);
      navigate(target);
    },
    [dataProvider, queryClient, navigate],
  );
}
