import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n/i18n';
import { barcodeReader } from './barcode-reader';

/** How often the picture is read, and how many pictures without a code before the same code counts again. */
const LOOK_EVERY_MS = 200;
const GONE_AFTER = 3;

type CameraState = 'starting' | 'running' | 'insecure' | 'denied' | 'failed' | 'reader';

const stop = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());

/**
 * "Scan with camera": the phone's back camera in a frame, read a few times a second. A code counts
 * when it comes into view; the same code counts again only once it has left the picture for a
 * moment (a product held still is one product, not five). The camera stops when this closes.
 */
export function CameraScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  // The latest handler without starting the camera again when the page draws.
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let closed = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const start = async () => {
      // Browsers give the camera only to secure pages (HTTPS, or this computer itself).
      if (!navigator.mediaDevices?.getUserMedia) return setState('insecure');
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        return setState(
          error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'failed',
        );
      }
      const element = video.current;
      if (closed || !element) return stop(stream);
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      let reader;
      try {
        reader = await barcodeReader();
      } catch (error) {
        console.error('The barcode reader could not start', error);
        return setState('reader');
      }
      if (closed) return;
      setState('running');

      let last: string | null = null;
      let misses = 0;
      const look = async () => {
        if (closed) return;
        try {
          if (element.readyState >= element.HAVE_CURRENT_DATA) {
            const code = (await reader.detect(element))[0]?.rawValue.trim() || null;
            if (code === null) {
              misses += 1;
              if (misses >= GONE_AFTER) last = null;
            } else {
              misses = 0;
              if (code !== last && !closed) {
                last = code;
                navigator.vibrate?.(60);
                handler.current(code);
              }
            }
          }
        } catch {
          // A picture the reader could not take (the video between frames): the next one.
        }
        if (!closed) timer = setTimeout(() => void look(), LOOK_EVERY_MS);
      };
      void look();
    };
    void start();
    return () => {
      closed = true;
      clearTimeout(timer);
      stop(stream);
    };
  }, []);

  const message = state === 'running' ? t('stocktakes.camera.aim') : t(`stocktakes.camera.${state}`);
  const trouble = state !== 'running' && state !== 'starting';
  return (
    <section className="camera-scanner card mb-3" aria-label={t('stocktakes.camera.region')}>
      <div className="card-body p-2">
        <video
          ref={video}
          className="camera-video"
          aria-label={t('stocktakes.camera.video')}
          muted
          playsInline
          hidden={trouble}
        />
        <p className={`small mb-2 mt-2 ${trouble ? 'text-danger' : 'text-secondary'}`} role="status">
          {message}
        </p>
        <button type="button" className="btn btn-outline-secondary w-100" onClick={onClose}>
          {t('stocktakes.camera.close')}
        </button>
      </div>
    </section>
  );
}
