import { useEffect, useRef, useState } from 'react';
import { impresion } from '#shared/messages/impresion';
import { crearDetector, leerCodigo, type Detector } from './camara';
import './impresion.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { impresion };

const T = M.impresion.camara;

interface Props {
  onCodigo: (codigo: string) => void;
  onCerrar: () => void;
  /** For tests: a detector instead of the browser's or ZXing's. */
  detector?: Detector;
  /** Read a QR code instead of a barcode (a supplier invoice's CUFE, issue #32). */
  qr?: boolean;
}

/**
 * "Escanear con la cámara": the back camera's video in a panel; the first code read (EAN-13, EAN-8,
 * UPC-A, Code 128) is handed over and the camera is turned off. Loaded only when opened.
 */
export default function EscanerCamara({ onCodigo, onCerrar, detector, qr = false }: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ onCodigo, onCerrar, detector, qr });
  useEffect(() => {
    latest.current = { onCodigo, onCerrar, detector, qr };
  });

  useEffect(() => {
    const stop = new AbortController();
    let stream: MediaStream | null = null;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stop.signal.aborted) return;
        const video = videoRef.current!;
        video.srcObject = stream;
        await video.play?.();
        const d = latest.current.detector ?? (await crearDetector(latest.current.qr));
        const codigo = await leerCodigo(d, video, { signal: stop.signal });
        if (codigo) latest.current.onCodigo(codigo);
      } catch (err) {
        if (!stop.signal.aborted) setError(err instanceof DOMException && err.name === 'NotAllowedError' ? T.sinPermiso : T.fallo);
      }
    })();
    return () => {
      stop.abort();
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <div className="camara" role="dialog" aria-modal="true" aria-labelledby="camara-title">
      <div className="camara__panel">
        <h2 id="camara-title">{T.titulo}</h2>
        <video ref={videoRef} className="camara__video" muted playsInline aria-label={T.vista} />
        <p className="camara__ayuda" role="status">
          {error ?? T.ayuda}
        </p>
        <button type="button" className="btn btn--ghost btn--block" onClick={() => latest.current.onCerrar()}>
          {T.cerrar}
        </button>
      </div>
    </div>
  );
}
