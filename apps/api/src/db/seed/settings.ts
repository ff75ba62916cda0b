import { and, eq, inArray } from 'drizzle-orm';
import { FULL_REFUND_NOTICE_HOURS, LATE_REFUND_PERCENT, type SettingKey } from '@movehub/shared';
import type { Tx } from '../client';
import { settings } from '../schema';
import { sanitizeRichText } from '../../lib/safe-html';
import { settingsChanged } from '../../modules/settings/settings.service';

/*
 * The About Us pages as shipped. An administrator may rewrite any of them later; the seed fills
 * what is missing and updates a page only while it is an earlier shipped text, so an edited page
 * is never put back. Contact details are the embedded demo's (555-01xx is a fictional number
 * range); set the real ones before launch.
 */

const SUPPORT_EMAIL = 'support@movehub.test';
const SUPPORT_PHONE = '+13105550100';
const SUPPORT_PHONE_SHOWN = '(310) 555-0100';
const PRIVACY_EMAIL = 'privacy@movehub.test';

const about = `
<p>MoveHub is a marketplace for moving. You describe your move once, and licensed, insured moving
companies in your area compete for it with their best price. You compare their bids, ratings and
reviews, and book the one that suits you, all in one place.</p>
<p>Your money stays safe the whole way: when you book, your payment is held in escrow and is only
released to the moving company after you confirm that your move is done. From booking to moving
day you can chat with the company and the crew's foreman, follow the truck live on the map, and
keep every detail of your move in one timeline.</p>
<p>We started MoveHub because booking movers should be as clear as booking a flight: real prices
up front, no cash-in-hand surprises, and companies that are accountable for their work.</p>
`;

const contactUs = `
<h3>Customer support</h3>
<p>We are here Monday to Saturday, 8 am to 8 pm Pacific time.</p>
<ul>
<li>Email: <a href="mailto:${SUPPORT_EMAIL}">${SUPPORT_EMAIL}</a> (we answer within one business day)</li>
<li>Phone: <a href="tel:${SUPPORT_PHONE}">${SUPPORT_PHONE_SHOWN}</a></li>
</ul>
<h3>Questions about a booked move</h3>
<p>Once you have paid for a move, the fastest way to reach the moving company or your foreman is the
<a href="/dashboard/chats">Chat</a> page. Please include your request number (shown as ORDER # on
the request) when you write to us about a move.</p>
<h3>Something went wrong on moving day?</h3>
<p>Tell us before you confirm the move as complete. While the move is unconfirmed your payment is
still in escrow, and we can hold it while we sort things out with the company.</p>
`;

const faq = `
<h3>Does it cost anything to request a move?</h3>
<p>No. Creating a request and receiving bids is free. You pay only when you accept a bid, and
you see the full price, including the card processing fee, before you pay.</p>
<h3>Who are the moving companies?</h3>
<p>Independent moving companies that we check before they can bid: an active operating licence
(a USDOT number for interstate moves, plus any state licence required where they work), general
liability and cargo insurance, and a clean complaint record. A company that lets its licence or
insurance lapse is paused until it is renewed.</p>
<h3>How do bids work?</h3>
<p>Companies serving your area see the details of your move (addresses, date and time window,
move size, items and number of movers) and send a price. You can also suggest a price of your
own, and you are notified as each bid arrives. Compare bids by price, rating
and completed moves, open a company's profile and reviews, and accept the one you want.</p>
<h3>Why is my payment held in escrow?</h3>
<p>So that neither side has to trust the other with cash. When you pay, the money is held by
MoveHub, not by the moving company. The company is paid only after it marks the move complete
and you confirm it. If the move does not happen, you are refunded as described in the
cancellation policy.</p>
<h3>What is the processing fee?</h3>
<p>Card payments carry a processing fee of 2.9% plus $0.30, shown as its own line before you
pay. There are no other booking fees.</p>
<h3>Can I change my move after I have booked it?</h3>
<p>Yes. You can edit addresses, items, extra items, the date, time and number of movers from
your request. The company may also propose changes, for example after seeing your items. Every
change is shown side by side with the previous version and only applies when you accept it. If a
change moves the price after you have paid, the difference is paid into escrow or refunded from
it.</p>
<h3>Can I track the truck on moving day?</h3>
<p>Yes. When the move starts, open Track on your request to see the truck's live position and the
route between your addresses.</p>
<h3>How do I tip the crew?</h3>
<p>After you confirm that the move is complete you can rate the company and add a tip of 12%, 15%
or 20% of the move price, or an amount of your choice. The whole tip goes to the moving
company for its crew.</p>
<h3>How does the referral program work?</h3>
<p>Share your personal link from <a href="/dashboard/refferral-program">Refferral Program</a>.
A friend who signs up with it gets 5% off the first move they book on MoveHub.</p>
<h3>What if something is damaged or missing?</h3>
<p>Note it with the foreman on the day, take photos, and tell the company in Chat and us by email
before you confirm the move. Movers are liable for your belongings under the valuation coverage
in their contract; for interstate moves the minimum is the federal released value of 60 cents
per pound per item, and many companies offer full value protection for a fee.</p>
<h3>You do not serve my area yet. What now?</h3>
<p>Leave your zip code and email when the request form tells you your area is not served. We will
let you know as soon as movers there join MoveHub.</p>
`;

const howItWorks = `
<ol>
<li><strong>Describe your move.</strong> Enter your pick-up and drop-off addresses (add stops if
you need them), the date and a time window, the size of your home and the items to move, packing
materials, and how many movers you need. You can suggest your own price too.</li>
<li><strong>Receive bids.</strong> Licensed and insured moving companies in your area send you
their prices. We notify you as each bid arrives.</li>
<li><strong>Compare and accept.</strong> Look at each company's price, rating, completed moves and
reviews, then accept the bid you like. The other bids close.</li>
<li><strong>Pay into escrow.</strong> Pay by card. Your money is held safely by MoveHub, not by the
company. For a booking made through a company's own link, you also sign its confirmation
letter.</li>
<li><strong>Get ready.</strong> The company assigns a truck and a foreman. Chat with them about
parking, stairs, fragile items or anything else; every change you agree is kept in your request's
timeline.</li>
<li><strong>Moving day.</strong> Follow the truck live on the map while your move is in progress.</li>
<li><strong>Confirm and release payment.</strong> When the company marks the move complete, check
that everything arrived, then confirm. Only then is your payment released to the company.</li>
<li><strong>Rate and tip.</strong> Leave feedback to help the next customer choose, and tip the crew
if you wish.</li>
</ol>
<p>Ready? <a href="/create-request">Create a request</a>. It takes about five minutes.</p>
`;

// The rule delete_request applies (packages/shared rules/cancellation.ts), its numbers taken
// from the same constants so that the page and the code cannot disagree.
const H = FULL_REFUND_NOTICE_HOURS;
const cancellationPolicy = `
<p>You can cancel a request from My Requests until you confirm that the move is complete. What
you get back depends on how far your booking has gone and on how long before your move window
starts you cancel. Your move window starts on your move date at the start of the time window you
chose, in the local time of your move.</p>
<table>
<thead>
<tr><th scope="col">When you cancel</th><th scope="col">What happens</th></tr>
</thead>
<tbody>
<tr><td>Before you have paid</td><td>Free. Nothing has been charged, so there is nothing to refund. The companies that bid are told that the move is off.</td></tr>
<tr><td>After paying, ${H} hours or more before your move window starts</td><td>Full refund of the amount held in escrow.</td></tr>
<tr><td>After paying, less than ${H} hours before your move window starts, while the move has not started</td><td>${LATE_REFUND_PERCENT}% of the amount held in escrow is refunded. The company keeps the other ${100 - LATE_REFUND_PERCENT}% as its cancellation fee for the crew and truck it reserved for you.</td></tr>
<tr><td>Once the move has started (the crew has started it: Move in progress, or completed and waiting for your confirmation)</td><td>No refund. The company keeps the amount held in escrow.</td></tr>
</tbody>
</table>
<p>The amount held in escrow is the move price after any discount. The card processing fee paid
with it is not refunded. Your request shows the refund and the cancellation fee in its
timeline, and we notify you and the company.</p>
<h3>Requests made through a company's link</h3>
<p>For a move booked through a company's own link, the cancellation terms in the confirmation
letter you signed apply. Please contact the company directly.</p>
<h3>Refunds</h3>
<p>Refunds go back to the card you paid with. Your bank usually shows them within 5 to 10
business days.</p>
`;

/**
 * Earlier shipped texts of a section. A database seeded with one of them, unchanged since,
 * gets the current text; a section an administrator has edited keeps the edit.
 */
export const SUPERSEDED_SETTINGS: Partial<Record<SettingKey, readonly string[]>> = {
  // Before the policy was applied by delete_request: a 10% late fee and "contact us" once started.
  cancellation_policy: [
    `
<p>You can cancel a request from My Requests until the move is confirmed as complete. What you pay
depends on how far your booking has gone:</p>
<table>
<thead>
<tr><th scope="col">When you cancel</th><th scope="col">What happens</th></tr>
</thead>
<tbody>
<tr><td>Before you accept a bid</td><td>Free. Nothing has been charged.</td></tr>
<tr><td>After accepting a bid, before paying</td><td>Free. The company is told that the move is off.</td></tr>
<tr><td>After paying, more than 72 hours before the move date</td><td>Full refund of the amount held in escrow.</td></tr>
<tr><td>After paying, within 72 hours of the move date</td><td>Refund of the amount held in escrow, less a late-cancellation fee of 10% of the move price, paid to the company for the crew and truck it reserved for you.</td></tr>
<tr><td>After the move has started</td><td>Contact us. The company is paid for the time and work already done and the rest is refunded.</td></tr>
</tbody>
</table>
<h3>If the company cancels</h3>
<p>You get a full refund, including the processing fee, and we reopen your request so that other
companies can bid on it.</p>
<h3>Requests made through a company's link</h3>
<p>For a move booked through a company's own link, the cancellation terms in the confirmation
letter you signed apply. Please contact the company directly.</p>
<h3>Refunds</h3>
<p>Refunds go back to the card you paid with. Your bank usually shows them within 5 to 10
business days.</p>
`,
  ],
};

const legal = `
<h3>About MoveHub</h3>
<p>MoveHub operates an online marketplace that connects customers with independent moving
companies. MoveHub is not a moving company, carrier or broker of transportation: the moving
company whose bid you accept performs your move, and your contract for the move is with that
company.</p>
<h3>Licensing and insurance of movers</h3>
<p>Before a company may bid we verify its operating authority (a USDOT number and, for interstate
moves, FMCSA operating authority, plus any state licence required) and its certificates of general
liability and cargo insurance, and we check them again when they expire. Interstate movers must
give you the FMCSA booklet <em>Your Rights and Responsibilities When You Move</em>; you can also
read it at <a href="https://www.fmcsa.dot.gov/protect-your-move">fmcsa.dot.gov/protect-your-move</a>.</p>
<h3>Payments</h3>
<p>Card payments are processed by our payment provider. MoveHub never stores full card numbers or
security codes. Payments for moves are held in escrow until the customer confirms completion, as
described in the Terms of Service.</p>
<h3>Reviews</h3>
<p>Ratings and reviews come only from customers who completed a move with the company. We do not
accept payment to change or remove a review.</p>
<h3>Notices</h3>
<p>Legal notices can be sent to <a href="mailto:${SUPPORT_EMAIL}">${SUPPORT_EMAIL}</a>.</p>
`;

const termsOfService = `
<p>These terms apply when you use MoveHub to request, book and pay for a move. By creating an
account you accept them.</p>
<h3>1. Your account</h3>
<p>You must be at least 18 and give accurate details. Keep your password to yourself; you are
responsible for what is done with your account. Accounts that sign in with Google or Facebook use
the name and email of that provider.</p>
<h3>2. Requests and bids</h3>
<p>A request describes your move. Be accurate about addresses, access (stairs, elevators, parking)
and items: bids are based on it, and a company may propose a change of price when the move turns
out to be different. A bid is the company's offer for the move as described. When you accept a
bid, you enter into a contract with that company for the move.</p>
<h3>3. Payment and escrow</h3>
<p>You pay the accepted price, less any discount, plus the card processing fee of 2.9% and $0.30,
when you book. MoveHub holds the payment in escrow and releases it to the company when you
confirm that the move is complete. Changes you accept that change the price are paid into or
refunded from escrow. Tips are optional and go to the company for its crew.</p>
<h3>4. Confirming your move</h3>
<p>Confirm completion only when your move is done. If something is wrong, tell us before you
confirm; we will hold the payment while we look into it with the company.</p>
<h3>5. Cancellations</h3>
<p>Cancellations and refunds follow our Cancellation policy.</p>
<h3>6. Discounts</h3>
<p>A referral discount of 5% applies once, to the first move for which a referred customer accepts
a bid. Discounts cannot be exchanged for cash.</p>
<h3>7. Fair use</h3>
<p>Do not post false requests or reviews, harass companies or crews, take the booking of a move
off MoveHub to avoid fees after meeting a company here, or try to break or overload the
service.</p>
<h3>8. Responsibility</h3>
<p>The moving company is responsible for performing your move and for your belongings under the
valuation coverage of your contract with it. MoveHub is responsible for running the marketplace
and for handling your payment as these terms describe. To the extent the law allows, MoveHub is
not liable for indirect losses.</p>
<h3>9. Changes to these terms</h3>
<p>We may update these terms. We will tell you about important changes by email or in the app
before they apply; a move already booked keeps the terms it was booked under.</p>
`;

const privacyPolicy = `
<p>This policy explains what MoveHub collects, why, and the choices you have.</p>
<h3>What we collect</h3>
<ul>
<li><strong>Account:</strong> your name, email, phone number if you add it, profile picture, and how you found us.</li>
<li><strong>Your moves:</strong> addresses, dates and time windows, items and their photos, notes, chat messages, ratings and feedback.</li>
<li><strong>Payments:</strong> your card is handled by our payment provider; we keep only its brand, last four digits and expiry date.</li>
<li><strong>Location:</strong> during a move we receive the position of the foreman's device to show you the truck. We do not track your location.</li>
<li><strong>Technical data:</strong> the pages you visit, your browser and device type, and security logs.</li>
</ul>
<h3>How we use it</h3>
<p>To run your moves (sharing the details needed to price and perform a move with the companies
that bid on it and with the company you book), to process payments and refunds, to send you
codes, receipts and notifications, to keep the service secure and prevent fraud, and to improve
MoveHub. We do not sell your personal information.</p>
<h3>Cookies</h3>
<p>We use a cookie to keep you signed in and to remember your cookie choice, and page-view
analytics to learn which pages help people.</p>
<h3>How long we keep it</h3>
<p>We keep your account while it is open. Records of moves and payments are kept for as long as
tax and accounting law requires; the rest is deleted or anonymised when you close your
account.</p>
<h3>Security</h3>
<p>Connections are encrypted, passwords and sign-in tokens are stored only as one-way hashes, and
access to customer data is limited to staff who need it.</p>
<h3>Your rights</h3>
<p>You can see and correct your profile in the app at any time. To get a copy of your data or to
delete your account, write to <a href="mailto:${PRIVACY_EMAIL}">${PRIVACY_EMAIL}</a>. California
residents have these rights under the CCPA, and we will not treat you differently for using
them.</p>
<h3>Children</h3>
<p>MoveHub is not meant for anyone under 18, and we do not knowingly collect their data.</p>
`;

/** The shipped content of every About Us section, before sanitising. */
export const SETTINGS_SEED: Record<SettingKey, string> = {
  about,
  contact_us: contactUs,
  faq,
  how_evom_work: howItWorks,
  cancellation_policy: cancellationPolicy,
  legal,
  terms_of_service: termsOfService,
  privacy_policy: privacyPolicy,
};

/**
 * Reference data, seeded in every mode: inserts each section that is missing, through the same
 * sanitiser as an admin's write; replaces a section only while it still holds an earlier shipped
 * text word for word (SUPERSEDED_SETTINGS), so an administrator's edit is never overwritten.
 */
export async function seedSettings(opts: { db: Tx }): Promise<void> {
  const rows = Object.entries(SETTINGS_SEED).map(([key, html]) => ({
    key,
    value: sanitizeRichText(html),
  }));
  await opts.db.insert(settings).values(rows).onConflictDoNothing({ target: settings.key });
  for (const [key, earlier] of Object.entries(SUPERSEDED_SETTINGS)) {
    await opts.db
      .update(settings)
      .set({ value: sanitizeRichText(SETTINGS_SEED[key as SettingKey]), updatedAt: new Date() })
      .where(and(eq(settings.key, key), inArray(settings.value, earlier.map(sanitizeRichText))));
  }
  settingsChanged(opts);
}
