import {
  isAwaitingAssignment,
  isDirectRequest,
  isLetterSigned,
  isRequestCancelled,
  UserType,
} from '@movehub/shared';
import type { Storage } from '../../adapters/storage/storage';
import { AppError } from '../../errors';
import type { Notice } from '../../platform/events/events';
import {
  assertLetterSent,
  assertMaySign,
  assertSignable,
  composeLetter,
  contactEmailOf,
  LETTER_TEXT,
  readsLetter,
  storeSignedLetter,
  type LetterRates,
  type LetterReader,
} from '../../modules/letter/letter.service';
import { enqueueMessage } from '../../modules/outbox/outbox.service';
import type { Domain } from '../context';
import { runRequestCommand } from './command';
import type { RequestRow } from './lifecycle';
import { companyName } from './names';

/*
 * The confirmation letter's commands (spec §2 "Confirmation letter signing", §4 status 3 with
 * additional_status 0 → 1; decision 016): the company sends a direct request's letter with its
 * rates (0 → 3), the customer or the holder of the request's public link signs it. Each is one
 * request command (docs/decisions/033); a signed letter lets the move day be assigned, and the
 * demo simulator hears of it by its event.
 */

/**
 * send_confirmation_letter: the company sets a direct request's rates and sends its letter.
 * From 0 the request moves to 3 with additional_status 0; a letter not signed yet (3 and 0) may
 * be sent again with new rates, without a move. 404 for a request that is not the company's,
 * 422 for a request that is not direct, 409 once signed, cancelled or moved on. The email with
 * the signing link is written to the outbox with the change.
 */
export async function sendLetter(opts: {
  domain: Domain;
  log: Domain['log'];
  publicUrl: string;
  companyId: number;
  requestId: number;
  rates: LetterRates;
}): Promise<RequestRow> {
  const { value } = await runRequestCommand(opts.domain, {
    requestId: opts.requestId,
    actor: { type: 'company', userId: opts.companyId },
    authorize: (r) => r.companyId === opts.companyId,
    run: async (ctx) => {
      const { tx, request } = ctx;
      if (!isDirectRequest({ request_type: request.requestType })) {
        throw AppError.unprocessable(LETTER_TEXT.notDirect);
      }
      if (isRequestCancelled(request.requestStatus)) {
        throw AppError.conflict(LETTER_TEXT.cancelled);
      }
      const set = {
        ...opts.rates,
        letterHtml: await composeLetter(tx, request, opts.rates),
        letterSentAt: ctx.now,
        additionalStatus: 0,
      };
      const unsigned = isAwaitingAssignment(request.timelineStatus);
      if (unsigned && !isLetterSigned(request.additionalStatus) && request.letterHtml !== null) {
        // New rates for a letter still waiting for its signature: sent again, no move.
        await ctx.update(set);
        await ctx.timeline(LETTER_TEXT.timelineSent);
      } else {
        if (unsigned && isLetterSigned(request.additionalStatus)) {
          throw AppError.conflict(LETTER_TEXT.alreadySigned);
        }
        await ctx.move('sendLetter', { title: LETTER_TEXT.timelineSent, set });
      }
      const company = await companyName(tx, opts.companyId);
      const notices: Notice[] =
        request.customerId === null
          ? []
          : [
              {
                userId: request.customerId,
                message: LETTER_TEXT.customerNotice(company, request.id),
              },
            ];
      ctx.emit({ type: 'request.letter_sent', notices });
      const email = await contactEmailOf(tx, request);
      if (email) {
        const link = `${opts.publicUrl.replace(/\/+$/, '')}/sign-confirmation-letter/${request.publicAccessLink}`;
        await enqueueMessage({
          db: tx,
          log: opts.log,
          message: {
            channel: 'email',
            to: email,
            subject: LETTER_TEXT.emailSubject(request.id),
            body: LETTER_TEXT.emailBody(
              request.contactFirstName?.trim() || 'there',
              company,
              request.id,
              link,
            ),
          },
        });
      }
      return ctx.request;
    },
  });
  return value;
}

/**
 * attach_signature_make_confirmation_letter_pdf: the signature is checked (422) and the signed
 * PDF made and stored first, then under the request's lock the request takes additional_status
 * 1 with the PDF's link and the company is told. Two signatures racing: one wins, the other gets
 * 409 and its file is removed. Only at 3 with additional_status 0 (else 409).
 */
export async function signLetter(opts: {
  domain: Domain;
  storage: Storage;
  requestId: number;
  reader: LetterReader;
  signatureDataUrl: string;
  now?: Date;
}): Promise<RequestRow> {
  const signedAt = opts.now ?? opts.domain.now();
  const pdf = await storeSignedLetter({
    db: opts.domain.db,
    storage: opts.storage,
    requestId: opts.requestId,
    reader: opts.reader,
    signatureDataUrl: opts.signatureDataUrl,
    signedAt,
  });
  try {
    const { value } = await runRequestCommand(opts.domain, {
      requestId: opts.requestId,
      // The holder of the public link signs as the customer, whoever is signed in, while the
      // request is in nobody's account (assertMaySign).
      actor: {
        type: 'customer',
        userId: opts.reader.user?.userType === UserType.customer ? opts.reader.user.id : null,
      },
      authorize: (r) => readsLetter(r, opts.reader),
      run: async (ctx) => {
        // Again under the lock: the request may have joined an account since the PDF was made.
        assertMaySign(ctx.request, opts.reader);
        assertLetterSent(ctx.request);
        assertSignable(ctx.request);
        const signed = await ctx.update({
          additionalStatus: 1,
          letterPdfUrl: pdf.url,
          letterSignedAt: signedAt,
          letterSignerName: pdf.signerName,
        });
        await ctx.timeline(LETTER_TEXT.timelineSigned);
        ctx.emit({
          type: 'request.letter_signed',
          notices: [
            {
              userId: signed.companyId as number,
              message: LETTER_TEXT.companyNotice(pdf.signerName, signed.id),
            },
          ],
        });
        return signed;
      },
    });
    return value;
  } catch (err) {
    await opts.storage.delete(pdf.key).catch(() => undefined);
    throw err;
  }
}
