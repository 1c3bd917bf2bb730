/** The browser's own barcode reader (Chrome on Android and macOS, Safari 17+), where it reads QR codes. */
interface NativeDetector {
  detect(source: ImageBitmapSource): Promise<Array<{ rawValue: string }>>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

let detector: Promise<NativeDetector | null> | null = null;

/** null where the browser has none: then jsQR does the work. */
export function nativeQrDetector(): Promise<NativeDetector | null> {
  detector ??= (async () => {
    const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
    if (!Detector) return null;
    try {
      return (await Detector.getSupportedFormats()).includes('qr_code')
        ? new Detector({ formats: ['qr_code'] })
        : null;
    } catch {
      return null;
    }
  })();
  return detector;
}

/** The texts of the QR codes the native reader sees, or [] (also when it fails on this source). */
export async function nativeQrTexts(native: NativeDetector, source: ImageBitmapSource): Promise<string[]> {
  try {
    return (await native.detect(source)).map((code) => code.rawValue).filter(Boolean);
  } catch {
    return [];
  }
}
