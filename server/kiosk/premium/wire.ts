import type { Row } from './call';

/**
 * The premium kiosk's rows between the engine (booleans, `id`, `version`) and the wire of 002 §3
 * Premium kiosk (`Id`, `Idksk` the company, flags as 1/0, `Idprofile` 0 for none).
 */

const bit = (value: unknown) => (value === true ? 1 : 0);

/** A profile (§3 Profile): Control as its JSON text. */
export function wireProfile(row: Row, company: number): Row {
  return {
    Id: Number(row.id),
    Idksk: company,
    Name: row.Name,
    Pwd: row.Pwd,
    Pwdblock: row.Pwdblock ?? null,
    Launchonboot: row.Launchonboot ?? null,
    Ssid: row.Ssid ?? null,
    Wifipass: row.Wifipass ?? null,
    Encrypt: row.Encrypt,
    Brokerurl: row.Brokerurl ?? null,
    Brokermapped: bit(row.Brokermapped),
    Default: bit(row.Default),
    Disabled: bit(row.Disabled),
    QRZoom: row.QRZoom,
    Control: row.Control === null || row.Control === undefined ? null : JSON.stringify(row.Control),
    version: row.version,
  };
}

/** An app (§3 App/package) with its link to a profile when it has one (Inprofile and its flags). */
export function wireApp(row: Row, company: number, link?: Row): Row {
  const flags = link ?? row;
  return {
    Id: Number(row.id),
    Idksk: company,
    Name: row.Name,
    Package: row.Package,
    Url: row.URL ?? null,
    Version: row.Version ?? null,
    VersionCode: row.VersionCode ?? null,
    Checksum: row.Checksum ?? null,
    Checksumtype: row.Checksum ? 'SHA-256' : null,
    Filesize: row.Filesize ?? null,
    Visible: bit(flags.Visible),
    Whitelist: bit(flags.Whitelist),
    Uninstall: bit(flags.Uninstall),
    Executeapp: bit(flags.Executeapp),
    Inprofile: link ? 1 : 0,
    version: row.version,
  };
}

/** A wifi (§3 Wifi) with its link to a profile when it has one. */
export function wireWifi(row: Row, company: number, link?: Row): Row {
  return {
    Id: Number(row.id),
    Idksk: company,
    Ssid: row.Ssid,
    Pass: row.Pass ?? null,
    Encrypt: row.Encrypt,
    Autoconnect: bit(link ? link.Autoconnect : row.Autoconnect),
    Inprofile: link ? 1 : 0,
    version: row.version,
  };
}

/** A kiosk device (§3 Device), with the name of its profile and whether it is in `profile`. */
export function wireDevice(row: Row, company: number, names: Map<number, string>, profile: number) {
  const idprofile =
    row.Idprofile === null || row.Idprofile === undefined ? 0 : Number(row.Idprofile);
  return {
    Id: Number(row.id),
    Idksk: company,
    Idprofile: idprofile,
    Profilename: names.get(idprofile) ?? '',
    Inprofile: idprofile !== 0 && idprofile === profile ? 1 : 0,
    Guid: row.Guid,
    Database: row.Database,
    Imei1: row.Imei1 ?? null,
    Imei2: row.Imei2 ?? null,
    Timestamp: row.updatedAt ?? null,
    Error: row.Error ?? null,
    Errdesc: row.Errdesc ?? null,
    version: row.version,
  };
}
