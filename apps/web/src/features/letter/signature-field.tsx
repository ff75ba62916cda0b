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
  /**
   * Writes `name` on the pad in a handwriting face, in place of what was there: the way to sign
   * for someone who cannot draw with a pointer (a keyboard or a screen reader). An empty name
   * leaves the pad empty.
   */
  typeName(name: string): void;
}

/** The face a typed name is written in: the system's handwriting font where it has one. */
const TYPED_FONT = 'italic 40px "Segoe Script", "Brush Script MT", "URW Chancery L", cursive';

/**
 * The signature pad (signature_pad, black pen). The canvas is sized to the window (spec §2) and
 * to the screen's pixel ratio, so strokes stay sharp; a resize clears it, as the library asks.
 */
export const SignatureField = forwardRef<SignatureFieldHandle, { label: string }>(
  function SignatureField({ label }, ref) {
    const canvasRef = useRef<HTMLCanvasElement>(null);
    const padRef = useRef<SignaturePad | null>(null);
    /** The typed name on the pad, if the signature was typed; redrawn after a resize. */
    const typedRef = useRef('');

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
        writeName(canvas, typedRef.current);
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
      isEmpty: () => (padRef.current?.isEmpty() ?? true) && typedRef.current === '',
      clear: () => {
        typedRef.current = '';
        padRef.current?.clear();
      },
      toDataURL: () => padRef.current?.toDataURL('image/png') ?? '',
      typeName: (name) => {
        typedRef.current = name.trim();
        padRef.current?.clear();
        if (canvasRef.current) writeName(canvasRef.current, typedRef.current);
      },
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

/** Writes a typed name across the middle of the pad, shrunk to fit its width. */
function writeName(canvas: HTMLCanvasElement, name: string) {
  const ctx = canvas.getContext('2d');
  if (!ctx || name === '') return;
  const width = signatureWidth(window.innerWidth);
  ctx.save();
  ctx.fillStyle = 'black';
  ctx.font = TYPED_FONT;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(name, width / 2, SIGNATURE_HEIGHT / 2, width - 32);
  ctx.restore();
}
