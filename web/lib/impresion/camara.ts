/**
 * Reading a barcode with the camera (issue #19, phones and tablets): the browser's own
 * BarcodeDetector where it has one (Chrome on Android), otherwise ZXing (@zxing/browser), loaded
 * only when the cashier opens the camera. Both sit behind one small interface, so the page and its
 * test can use a fake detector.
 */
export const FORMATOS = ['ean_13', 'ean_8', 'upc_a', 'code_128'] as const;
/** A supplier invoice's QR code (issue #32: its URL carries the CUFE). */
export const FORMATOS_QR = ['qr_code'] as const;

export interface Detector {
  /** The codes found in a frame of the video. */
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface BarcodeDetectorCtor {
  new (o: { formats: string[] }): Detector;
  getSupportedFormats?(): Promise<string[]>;
}

/** The browser's BarcodeDetector, when it reads at least EAN-13. */
export async function detectorNativo(w: { BarcodeDetector?: BarcodeDetectorCtor } = window as never, qr = false): Promise<Detector | null> {
  const Ctor = w.BarcodeDetector;
  if (!Ctor) return null;
  const buscados: readonly string[] = qr ? FORMATOS_QR : FORMATOS;
  const soportados = (await Ctor.getSupportedFormats?.()) ?? [...buscados];
  const formats = buscados.filter((f) => soportados.includes(f));
  return formats.includes(buscados[0]!) ? new Ctor({ formats }) : null;
}

/** ZXing's reader for the same four formats, as a Detector. */
export async function detectorZxing(qr = false): Promise<Detector> {
  const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType, NotFoundException }] = await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
  const formatos = qr ? [BarcodeFormat.QR_CODE] : [BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.UPC_A, BarcodeFormat.CODE_128];
  const hints = new Map([[DecodeHintType.POSSIBLE_FORMATS, formatos]]);
  const reader = new BrowserMultiFormatReader(hints);
  return {
    async detect(video) {
      try {
        const r = reader.decode(video);
        return [{ rawValue: r.getText() }];
      } catch (err) {
        if (err instanceof NotFoundException) return [];
        throw err;
      }
    },
  };
}

/** The reader of the till's barcodes, or (`qr`) of a QR code. */
export async function crearDetector(qr = false): Promise<Detector> {
  return (await detectorNativo(window as never, qr)) ?? (await detectorZxing(qr));
}

/**
 * Looks at the video until a code is read (the first one that two frames in a row agree on, so a
 * half-seen code is not taken), or until stopped. Resolves with the code, or null when stopped.
 */
export function leerCodigo(detector: Detector, video: HTMLVideoElement, opciones: { intervalo?: number; signal?: AbortSignal } = {}): Promise<string | null> {
  const intervalo = opciones.intervalo ?? 150;
  return new Promise((resolve, reject) => {
    let anterior: string | null = null;
    const paso = async () => {
      if (opciones.signal?.aborted) return resolve(null);
      try {
        const [hallado] = await detector.detect(video);
        const valor = hallado?.rawValue.trim() || null;
        if (valor && valor === anterior) return resolve(valor);
        anterior = valor;
      } catch (err) {
        return reject(err);
      }
      setTimeout(() => void paso(), intervalo);
    };
    void paso();
  });
}
