import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectorNativo, leerCodigo, type Detector } from './camara';
import EscanerCamara from './escaner-camara';

/** A detector that sees the given frames in turn (then the last one forever). */
const fake = (frames: string[][]): Detector & { calls: number } => {
  const d = {
    calls: 0,
    detect: async () => {
      const f = frames[Math.min(d.calls, frames.length - 1)]!;
      d.calls++;
      return f.map((rawValue) => ({ rawValue }));
    },
  };
  return d;
};
const video = () => document.createElement('video');

describe('camera scanning', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes a code once two frames in a row agree', async () => {
    const d = fake([[], ['7701'], ['7702000000000'], ['7702000000000']]);
    await expect(leerCodigo(d, video(), { intervalo: 1 })).resolves.toBe('7702000000000');
    expect(d.calls).toBe(4);
  });

  it('stops without a code when aborted', async () => {
    const stop = new AbortController();
    const p = leerCodigo(fake([[]]), video(), { intervalo: 1, signal: stop.signal });
    stop.abort();
    await expect(p).resolves.toBeNull();
  });

  it("uses the browser's BarcodeDetector with the formats it supports, or none without EAN-13", async () => {
    const made: string[][] = [];
    class BarcodeDetector {
      static getSupportedFormats = async () => ['qr_code', 'ean_13', 'code_128'];
      constructor(o: { formats: string[] }) {
        made.push(o.formats);
      }
      detect = async () => [];
    }
    expect(await detectorNativo({ BarcodeDetector } as never)).not.toBeNull();
    expect(made).toEqual([['ean_13', 'code_128']]);
    BarcodeDetector.getSupportedFormats = async () => ['qr_code'];
    expect(await detectorNativo({ BarcodeDetector } as never)).toBeNull();
    expect(await detectorNativo({} as never)).toBeNull();
  });

  it('the camera panel hands over the code read and turns the camera off', async () => {
    const stopTrack = vi.fn();
    const stream = { getTracks: () => [{ stop: stopTrack }] } as unknown as MediaStream;
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(async () => stream) } });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    // happy-dom's video takes only a real MediaStream.
    Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', { configurable: true, set() {}, get: () => null });
    const onCodigo = vi.fn();
    const { unmount } = render(<EscanerCamara detector={fake([['7702001234567']])} onCodigo={onCodigo} onCerrar={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Escanear con la cámara' })).toBeTruthy();
    await waitFor(() => expect(onCodigo).toHaveBeenCalledWith('7702001234567'));
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    unmount();
    expect(stopTrack).toHaveBeenCalled();
  });

  it('says so when the camera is not allowed', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn(async () => Promise.reject(new DOMException('no', 'NotAllowedError'))) },
    });
    render(<EscanerCamara detector={fake([[]])} onCodigo={() => undefined} onCerrar={() => undefined} />);
    await screen.findByText('No hay permiso para usar la cámara.');
  });
});
