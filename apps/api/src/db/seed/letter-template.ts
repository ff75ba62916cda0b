/**
 * The confirmation letter of a demo company (decision 016): HTML with the {{placeholders}} that
 * send_confirmation_letter fills (modules/letter/letter.template.ts lists them).
 */
export function demoLetterTemplate(companyName: string): string {
  return `<h2>Move Confirmation Letter</h2>
<p>Dear {{customer_name}},</p>
<p>${companyName} is glad to confirm your move, request #{{request_id}}: <strong>{{move_date}}</strong>, crew arriving {{move_time}}, {{movers}} movers, {{move_type}}.</p>
<h3>Addresses</h3>
{{addresses}}
<h3>Your rates</h3>
{{rate_lines}}
<p>Payment method: {{payment_method}}. Payment is due when the move is complete.</p>
<h3>Terms and conditions</h3>
<ol>
<li>Hourly moves are charged from the crew's arrival to the end of unloading, with the minimum hours above; flat moves stay within the range above unless the inventory changes.</li>
<li>Please have boxes packed and closed before the crew arrives. Packing on the day is charged at the hourly rate.</li>
<li>Tell us of any change to the date, addresses or items at least 48 hours before the move.</li>
<li>${companyName} is licensed and insured; valuation coverage of 60 cents per pound per item is included.</li>
</ol>
<p>Questions? Call {{company_phone}} or write to {{company_email}}.</p>
<p>Thank you for moving with ${companyName}.</p>`;
}
