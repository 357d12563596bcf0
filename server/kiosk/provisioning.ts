import type { KioskWifi } from '../../protocol/resources/kiosk-config';
import { KIOSK_AGENT_COMPONENT } from '../../protocol/kiosk';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { apkLink, deviceConfigLink } from './signed-link';

const EXTRA = 'android.app.extra.';

/**
 * The enrolment QR's text (002 §3 Kiosk config QRtext): Android Enterprise's QR provisioning
 * payload, read by a factory-reset device's setup wizard (six taps on the welcome screen). It
 * names the device admin component (Flota's kiosk agent), where to download its APK and the
 * APK's SHA-256 (url-safe base64, as Android checks it), the first wifi set to connect
 * automatically, and in the admin extras the server and a signed link to this company's kiosk
 * configuration, which the agent reads once enrolled (docs/kiosk.md).
 */
export async function provisioningPayload(
  config: Config,
  db: Db,
  company: number,
  wifis: KioskWifi[],
  agentSha256: string | null,
): Promise<Record<string, unknown>> {
  const payload: Record<string, unknown> = {
    [`${EXTRA}PROVISIONING_DEVICE_ADMIN_COMPONENT_NAME`]: KIOSK_AGENT_COMPONENT,
  };
  if (agentSha256) {
    payload[`${EXTRA}PROVISIONING_DEVICE_ADMIN_PACKAGE_DOWNLOAD_LOCATION`] = await apkLink(
      config,
      db,
      company,
      agentSha256,
    );
    payload[`${EXTRA}PROVISIONING_DEVICE_ADMIN_PACKAGE_CHECKSUM`] = Buffer.from(
      agentSha256,
      'hex',
    ).toString('base64url');
  }
  const wifi = wifis.find((one) => one.autoconnect);
  if (wifi) {
    payload[`${EXTRA}PROVISIONING_WIFI_SSID`] = wifi.ssid;
    payload[`${EXTRA}PROVISIONING_WIFI_SECURITY_TYPE`] = wifi.securitymode;
    if (wifi.securitymode !== 'NONE') payload[`${EXTRA}PROVISIONING_WIFI_PASSWORD`] = wifi.password;
  }
  payload[`${EXTRA}PROVISIONING_LEAVE_ALL_SYSTEM_APPS_ENABLED`] = true;
  payload[`${EXTRA}PROVISIONING_ADMIN_EXTRAS_BUNDLE`] = {
    server: config.PUBLIC_URL,
    company: String(company),
    configUrl: await deviceConfigLink(config, db, company),
  };
  return payload;
}
