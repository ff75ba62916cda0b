import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import SignaturePad from 'signature_pad';
import Box from '@mui/material/Box';

/** spec §9: "Signature canvas height 250". */
export const SIGNATURE_HEIGHT = 250;

/** spec §2: 70% of the window's width below 800 px, else 50%. */
export function signatureWidth(windowWidth: number): number {
  return Math.round(windowWidth * (windowWidth < 800 ? 0.7 : 0.5));
}

export interface SignatureFieldHandle {
  isEmpty(): boolean;
  clear(): void;
  /** The signature as a PNG data URL (spec §3). */
  toDataURL(): string;
}

/**
 * The signature pad (signature_pad, black pen). The canvas is sized to the window (spec §2) and
 * to the screen's pixel ratio, so strokes stay sharp; a resize clears it, as the library asks.
 */
export const SignatureField = forwardRef<SignatureFieldHandle, { label: string }>(
  function SignatureField({ label }, ref) {
    const canvasRef = useRef<HTMLCanvasElement>(null);
    const padRef = useRef<SignaturePad | null>(null);

    useEffect(() => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      const pad = new SignaturePad(canvas, { penColor: 'black', backgroundColor: 'white' });
      padRef.current = pad;
      const size = () => {
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        const width = signatureWidth(window.innerWidth);
        canvas.style.width = `${width}px`;
        canvas.style.height = `${SIGNATURE_HEIGHT}px`;
        canvas.width = width * ratio;
        canvas.height = SIGNATURE_HEIGHT * ratio;
        canvas.getContext('2d')?.scale(ratio, ratio);
        pad.clear();
      };
      size();
      window.addEventListener('resize', size);
      return () => {
        window.removeEventListener('resize', size);
        pad.off();
        padRef.current = null;
      };
    }, []);

    useImperativeHandle(ref, () => ({
      isEmpty: () => padRef.current?.isEmpty() ?? true,
      clear: () => padRef.current?.clear(),
      toDataURL: () => padRef.current?.toDataURL('image/png') ?? '',
    }));

    return (
      <Box
        component="canvas"
        ref={canvasRef}
        role="img"
        aria-label={label}
        sx={{
          display: 'block',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'common.white',
          touchAction: 'none',
          maxWidth: '100%',
        }}
      />
    );
  },
);
