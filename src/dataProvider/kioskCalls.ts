import {
  KIOSK_ACTIONS_PATH,
  UPLOAD_FILE_PATH,
  type KioskAppRow,
  type KioskOper,
  type UploadedApk,
} from '../../protocol/kiosk';
import type { KioskWifi } from '../../protocol/resources/kiosk-config';
import { authorizedPostOf, resultOf, type CallService } from './callService';

/** The premium kiosk's Actions (server/kiosk/premium/routes.ts). */
export const KIOSK_PREMIUM_ACTIONS_PATH = '/api/kioskpremium/Actions';
/** Its server-side tables and its commands to devices (002 §7). */
export const KIOSK_PREMIUM_TABLE_PATH = '/api/kioskpremium/Actionstable';
export const KIOSK_PREMIUM_MDM_PATH = '/api/kioskpremium/mdm';

/** A page of a premium table (Actionstable). */
export interface PremiumPage<R = Record<string, unknown>> {
  data: R[];
  total: number;
}

/** The simple kiosk's configuration as getConfig answers it (docs/kiosk.md). */
export interface KioskConfig {
  password: string;
  launchonboot: string | null;
  wifis: KioskWifi[];
  /** The enrolment QR's text: Android Enterprise's provisioning payload (JSON). */
  QRtext: string;
  /** The kiosk agent's app in the list, when its APK was uploaded. */
  agent: { Package: string; Checksum: string | null } | null;
}

/** The simple kiosk's calls (002 §7 Simple kiosk, File upload; server/kiosk/). */
export function kioskCalls(callService: CallService) {
  const post = authorizedPostOf(callService);
  const action = async <R>(oper: KioskOper, filter?: unknown, data?: unknown): Promise<R> => {
    if (!post) throw new Error('the kiosk needs the service client');
    const body = { operation: 'kiosk', parameter: { oper, filter, data } };
    return resultOf<R>(await post(KIOSK_ACTIONS_PATH, body));
  };
  /** A premium kiosk oper (POST /api/kioskpremium/Actions; docs/kiosk.md "The premium kiosk"). */
  const premium = async <R>(oper: string, parameter: Record<string, unknown> = {}): Promise<R> => {
    if (!post) throw new Error('the kiosk needs the service client');
    const body = { operation: 'kiosk', parameter: { oper, ...parameter } };
    return resultOf<R>(await post(KIOSK_PREMIUM_ACTIONS_PATH, body));
  };
  return {
    /**
     * Whether the company's premium kiosk is on: getFormatQR answers, or is refused with code -2
     * (no premium kiosk) or 'EMMKiosk_ENABLED desactivado' (switched off).
     */
    kioskPremiumCheck: () => premium<unknown>('getFormatQR'),
    /** EnableKiosk: an administrator turns the company's premium kiosk on. */
    enableKioskPremium: () => premium<unknown>('EnableKiosk'),
    /** Any premium oper: `{oper, filter, dataPackage, dataWifi, profile, kiosk}` (002 §7). */
    kioskPremium: <R>(oper: string, parameter: Record<string, unknown> = {}) =>
      premium<R>(oper, parameter),
    /** A premium server-side table (ListInfoApp, ListInfoApps, getCmds, …), paged in SQL. */
    kioskPremiumTable: async <R = Record<string, unknown>>(
      parameter: Record<string, unknown> & { oper: string },
    ): Promise<PremiumPage<R>> => {
      if (!post) throw new Error('the kiosk needs the service client');
      return resultOf<PremiumPage<R>>(await post(KIOSK_PREMIUM_TABLE_PATH, parameter));
    },
    /** One command to kiosk devices through the queue (dpc_emm_api_cmd): `{cmd, sent}`. */
    kioskPremiumCommand: async (data: {
      dest: string | string[];
      cmd: string;
      params?: Record<string, unknown>;
    }) => {
      if (!post) throw new Error('the kiosk needs the service client');
      const body = { operation: 'mdm', parameter: { oper: 'dpc_emm_api_cmd', data } };
      return resultOf<{ cmd: string; sent: number }>(await post(KIOSK_PREMIUM_MDM_PATH, body));
    },
    /** Every app of the kiosk (ListUpdate), for the launch-on-boot choice. */
    kioskApps: async () => (await action<{ data: KioskAppRow[] }>('ListUpdate')).data,
    /** Creates (no `Id`) or changes an app (AppUpdate). */
    saveKioskApp: (app: Partial<KioskAppRow>) => action<KioskAppRow>('AppUpdate', null, app),
    kioskConfig: () => action<KioskConfig>('getConfig'),
    saveKioskConfig: (config: { password: string; launchonboot: string | null }) =>
      action<unknown>('UpdateConfig', null, config),
    saveKioskWifis: (wifis: KioskWifi[]) => action<unknown>('saveListWifis', null, wifis),
    /** An APK, as the multipart form of POST /api/UploadFile: the kiosk flag, then the file. */
    uploadKioskApk: async (file: File): Promise<UploadedApk> => {
      if (!post) throw new Error('upload needs the service client');
      const form = new FormData();
      form.append('kiosk', '1');
      form.append('file', file, file.name);
      return resultOf<UploadedApk>(await post(UPLOAD_FILE_PATH, form));
    },
  };
}

export type KioskCalls = ReturnType<typeof kioskCalls>;
