import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';

type QrModule = { toString(text: string, options: { type: 'svg'; margin: number; errorCorrectionLevel: 'M' }): Promise<string> };

/** The QR library is loaded when a code is first drawn: it stays out of every other screen's JavaScript. */
async function renderSvg(text: string): Promise<string> {
  // A CommonJS package: its functions are on the namespace's default export.
  const loaded = (await import('qrcode')) as unknown as { default?: QrModule } & QrModule;
  const qr = loaded.default ?? loaded;
  return qr.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/** `value` as a QR code image (an SVG on a white tile, so it scans in dark mode too). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [drawn, setDrawn] = useState<{ value: string; src: string } | { value: string; failed: true } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    renderSvg(value).then(
      (svg) => isCurrent && setDrawn({ value, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
      () => isCurrent && setDrawn({ value, failed: true }),
    );
    return () => {
      isCurrent = false;
    };
  }, [value]);

  const current = drawn?.value === value ? drawn : null;
  return (
    <div className="flex size-44 shrink-0 items-center justify-center rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-700">
      {!current && <Spinner className="size-6 text-slate-400" />}
      {current && 'src' in current && <img src={current.src} alt={label} className="size-full" />}
      {current && 'failed' in current && <p className="text-center text-xs text-slate-600">The QR code could not be drawn: type the key instead.</p>}
    </div>
  );
}
