import { useCallback, useRef, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { CommandName } from '../../../../protocol/commands';
import type { FlotaDataProvider } from '../../../dataProvider';
import { runOnWorkers, type DeviceOutcome } from './commandWorkers';

/**
 * Sends one command to devices through the ten workers and keeps each device's outcome as it
 * arrives. For a single device the outcome is also a toast (001 §8).
 */
export function useCommandRun(database: number) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [outcomes, setOutcomes] = useState<Map<string, DeviceOutcome>>(new Map());
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const toast = useCallback(
    (cmd: CommandName, outcome: DeviceOutcome) => {
      const args = {
        command: translate(`remote.commands.${cmd}.label`),
        device: outcome.device,
        message:
          outcome.state === 'error'
            ? outcome.message
            : (outcome.row.msg ??
              outcome.row.exceptionMessage ??
              translate(`remote.state.${outcome.state}`)),
      };
      const state = outcome.state;
      if (state === 'executed')
        notify('remote.toast.executed', { type: 'success', messageArgs: args });
      else if (state === 'offline')
        notify('remote.toast.offline', { type: 'info', messageArgs: args });
      else if (state === 'pending')
        notify('remote.toast.pending', { type: 'info', messageArgs: args });
      else if (state === 'sent' || state === 'confirmed' || state === 'created')
        notify('remote.toast.sent', { type: 'info', messageArgs: args });
      else notify('remote.toast.failed', { type: 'error', messageArgs: args });
    },
    [notify, translate],
  );

  const run = useCallback(
    async (cmd: CommandName, mids: string[], params: Record<string, unknown>, expiry?: number) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setOutcomes(new Map());
      setRunning(true);
      const collected: DeviceOutcome[] = [];
      await runOnWorkers(mids, {
        send: (devices) =>
          dataProvider.sendCommand(database, cmd, devices, params, controller.signal, expiry),
        signal: controller.signal,
        onOutcomes: (arrived) => {
          if (controller.signal.aborted) return;
          collected.push(...arrived);
          setOutcomes((current) => {
            const next = new Map(current);
            for (const outcome of arrived) next.set(outcome.device, outcome);
            return next;
          });
        },
      });
      if (controller.signal.aborted) return collected;
      setRunning(false);
      if (mids.length === 1 && collected[0]) toast(cmd, collected[0]);
      return collected;
    },
    [dataProvider, database, toast],
  );

  const stop = useCallback(() => abort.current?.abort(), []);
  return { outcomes, running, run, stop };
}
