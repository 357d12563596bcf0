// The part of @devicefarmer/adbkit-apkreader (no types of its own) that the kiosk reads.
declare module '@devicefarmer/adbkit-apkreader' {
  interface Manifest {
    package?: string;
    versionCode?: number;
    versionName?: string;
    usesSdk?: { minSdkVersion?: number; targetSdkVersion?: number } | null;
  }
  interface ApkReader {
    readManifest(): Promise<Manifest>;
  }
  const ApkReader: { open(apk: string | Buffer): Promise<ApkReader> };
  export default ApkReader;
}
