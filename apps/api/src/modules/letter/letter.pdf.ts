import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { SIGNATURE_DATA_URL_PREFIX, signatureInvalidMessage } from '@movehub/shared';
import { AppError } from '../../errors';

/*
 * The signed confirmation letter as a PDF (pdf-lib): the letter with
 * the signature image, the signer, the time and the request. The signature is checked cheaply
 * (PNG signature bytes, the image's declared size) before any PDF work.
 */

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A signature pad's canvas is a few hundred pixels; anything bigger than this is no signature. */
export const MAX_SIGNATURE_PIXELS = 4000;
/** Decoded PNG bytes at most (the data URL's length cap in the shared schema says the same). */
export const MAX_SIGNATURE_BYTES = 375_000;

/** The PNG bytes of a signature data URL; 422 unless they are a plausible PNG. */
export function signaturePng(dataUrl: string): Buffer {
  if (!dataUrl.startsWith(SIGNATURE_DATA_URL_PREFIX)) {
    throw AppError.unprocessable(signatureInvalidMessage);
  }
  const bytes = Buffer.from(dataUrl.slice(SIGNATURE_DATA_URL_PREFIX.length), 'base64');
  if (bytes.length > MAX_SIGNATURE_BYTES)
    throw AppError.unprocessable('The signature is too large.');
  // Magic bytes, then the IHDR chunk first with the image's width and height.
  if (
    bytes.length < 33 ||
    !bytes.subarray(0, 8).equals(PNG_MAGIC) ||
    bytes.toString('latin1', 12, 16) !== 'IHDR'
  ) {
    throw AppError.unprocessable(signatureInvalidMessage);
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1 || width > MAX_SIGNATURE_PIXELS || height > MAX_SIGNATURE_PIXELS) {
    throw AppError.unprocessable(signatureInvalidMessage);
  }
  return bytes;
}

/** Standard PDF fonts speak WinAnsi only: anything else becomes a plain look-alike or '?'. */
export function toWinAnsi(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2022/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) {
      line = next;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface LetterPdfInput {
  requestId: number;
  companyName: string;
  paragraphs: readonly string[];
  signerName: string;
  signedAt: Date;
  /** How the signer reached the letter: their account, or the request's public link. */
  signedVia: string;
  signature: Buffer;
}

const PAGE = { width: 612, height: 792, margin: 54 };

/** The letter, its signature and the signing record as PDF bytes. */
export async function makeLetterPdf(input: LetterPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const signer = toWinAnsi(input.signerName);
  doc.setTitle(`Move Confirmation Letter - Request #${input.requestId}`);
  doc.setAuthor(toWinAnsi(input.companyName));
  // The signer and request in the metadata too, so a reader (or a test) finds them unparsed.
  doc.setSubject(`Confirmation letter of request #${input.requestId} signed by ${signer}`);
  doc.setKeywords([`request-${input.requestId}`, signer, input.signedAt.toISOString()]);
  doc.setCreationDate(input.signedAt);
  doc.setModificationDate(input.signedAt);

  let image;
  try {
    image = await doc.embedPng(input.signature);
  } catch {
    throw AppError.unprocessable(signatureInvalidMessage);
  }

  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const textWidth = PAGE.width - 2 * PAGE.margin;
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const ensure = (height: number) => {
    if (y - height < PAGE.margin) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
  };
  const write = (text: string, opts: { size?: number; f?: PDFFont; gap?: number } = {}) => {
    const size = opts.size ?? 11;
    const f = opts.f ?? font;
    for (const line of wrap(toWinAnsi(text), f, size, textWidth)) {
      ensure(size + 4);
      page.drawText(line, { x: PAGE.margin, y: y - size, size, font: f, color: rgb(0, 0, 0) });
      y -= size + 4;
    }
    y -= opts.gap ?? 6;
  };

  write(`${input.companyName}`, { size: 16, f: bold, gap: 2 });
  write(`Request #${input.requestId}`, { size: 12, f: bold, gap: 12 });
  for (const paragraph of input.paragraphs) write(paragraph);

  y -= 12;
  const scale = Math.min(1, 250 / image.width, 100 / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  ensure(h + 80);
  write('Signature', { f: bold, gap: 4 });
  page.drawImage(image, { x: PAGE.margin, y: y - h, width: w, height: h });
  y -= h + 8;
  write(`Signed by: ${signer}`, { gap: 2 });
  write(`Signed at: ${input.signedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC`, {
    gap: 2,
  });
  write(`Request: #${input.requestId}`, { gap: 2 });
  write(`Signed through: ${input.signedVia}`, { gap: 2 });
  return doc.save();
}
