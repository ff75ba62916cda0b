/**
 * Every user-facing text that the specification quotes, verbatim (spelling included).
 * Both the server and the web app read them from here; nothing retypes them.
 */
export const MSG = {
  // spec/portal.md §5 and §8: accounts and sessions
  loginEmailInvalid: 'Please enter a valid email',
  signupEmailInvalid: 'Please enter a valid email.',
  profileEmailInvalid: 'Please enter a valid email address.',
  sameEmail: 'You entered same email address.',
  loginPasswordShort: 'Minimum 6 characters required for password',
  passwordShort: 'Minimum 8 characters required for password.',
  passwordWeak:
    'A minimum 8 characters password contains a combination of uppercase letter and number. And at least one special character are required.',
  passwordMismatch: 'Your password and confirmation password does not match',
  firstNameInvalid: 'Please enter a valid first name.',
  firstNameShort: 'First name must have 2 characters',
  lastNameInvalid: 'Please enter a valid last name.',
  lastNameShort: 'Last name must have 1 characters',
  profileFirstNameShort: 'First name length must be grater then 1.',
  profileFirstNameAlphabet: 'Please use english alphabets for first name.',
  profileLastNameAlphabet: 'Please use english alphabets for last name.',
  phoneInvalid: 'Please enter a valid phone number.',
  samePhone: 'You entered same phone number.',
  invalidCredentials: 'Invalid Email or Password',
  invalidCredentialsShown: 'The email and password you entered did not match our records.',
  invalidEmail: 'Invalid Email',
  invalidEmailShown: "We couldn't find your account with this email address",
  logoutConfirm: 'Are your sure you want to logout?',
  passwordUpdated: 'Password updated successfully',
  emailCodeSent: 'Email verification code has been sent.',
  phoneCodeSent: 'Phone verification code has been sent.',
  profileUpdated: 'Profile updated successfully',
  emailUpdated: 'Email updated successfully.',
  phoneUpdated: 'Phone number updated successfully.',
  addPhone: 'Add your phone number',
  savedRequestBanner:
    'Your moving request has been saved. Please sign up or log into your account.',
  noNotifications: 'No Notification Found',
  cookieAccept: 'I understand',

  // spec/portal.md §2 cards
  deleteCardTitle: 'Delete Card',
  deleteCardConfirm: 'Are your sure you want to delete this card?',

  // service area and wait-list
  notInArea: 'We are not in your area yet. But will be there very soon...',
  notInAreaShort: 'We are not in your area yet...',
  waitlistAdded: 'Zipcode added into our waitlist.',

  // spec/request-lifecycle.md: My Requests
  noRequests: "You don't have any request currently",
  createRequestNow: 'Create a request now',
  pendingConfirmation: 'Pending request confirmation',
  noBids: 'Hang tight, more bids should be coming your way shortly',
  deleteAddressConfirm: 'Are your sure you want to delete this address?',
  minTwoAddresses:
    'Minimum two address is required. If you want to change please edit your address or add new address then delete this.',
  cancelledPublic: (phone: string) =>
    `This Request has been canceled. Please contact the company at ${phone} for more information.`,

  // wizard
  selectMoveSize: 'Please select move size.',
  zipForAddress: 'Please enter the zip code for address.',
  zipRequired: 'Please enter your zip code.',
  addressInvalid: 'Please enter a valid address.',
  directLinkInvalid: 'Company direct link is invalid.',
  getMovingTitle: 'Get moving',
  loginOrSignup: 'Please Login or Signup to request move.',
  duplicateInSearch:
    'Item with exact same name is already exist in search list. Please select from the search list.',
  duplicateInSelected: 'Item with exact same name is already exist in selected items list.',

  // payment, letter, comments
  noActiveCard: 'Cannot charge a customer that has no active card',
  agreeTermsSign: 'Please checked: Agree to terms and conditions.',
  signatureRequired: 'Please take signature on sign-pad',
  clientCommentUpdated: 'Client comment updated successfully.',
  waitForForeman: 'Please wait for forman location',

  // accounts: server answers (ours; the spec leaves them open)
  emailTaken: 'An account with this email already exists.',
  phoneTaken: 'An account with this phone number already exists.',
  emailAndPhoneAvailable: 'Email and phone number are available.',
  codeFormat: 'Please enter the 6-digit code.',
  codeInvalid: 'The verification code is incorrect.',
  codeExpired: 'This verification code has expired. Please request a new one.',
  codeTooManyAttempts: 'Too many wrong attempts. Please request a new code.',
  codeTooSoon: 'Please wait a minute before requesting another code.',
  codeHourLimit: 'Too many codes were requested for this address. Please try again later.',
  emailVerified: 'Email verified successfully.',
  phoneVerified: 'Phone number verified successfully.',
  emailNotVerified: 'Please verify your email address with the code we sent first.',
  phoneNotVerified: 'Please verify your phone number with the code we sent first.',
  registered: 'Your account has been created.',
  referralInvalid: 'This referral code is not valid. Please check the invitation link.',
  resetLinkSent: 'We have emailed you a link to reset your password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  passwordChanged: 'Your password has been changed. Please log in.',
  tooManyLogins: 'Too many failed login attempts. Please try again in 15 minutes.',
  // The Change Password modal's current password (docs/decisions/036, not in the spec).
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
  socialNotConfigured: (provider: 'Google' | 'Facebook') =>
    `Sign-in with ${provider} is not configured.`,
  socialTokenInvalid: (provider: 'Google' | 'Facebook') =>
    `We could not verify your ${provider} sign-in. Please try again.`,
  phoneRequired: 'Please add your phone number to finish signing in.',
  socialCannotEdit:
    'Accounts that sign in with Google or Facebook cannot change their name or email.',
  uploadNotImage: 'Only images (JPEG, PNG, GIF or WebP) can be uploaded.',
  uploadTooLarge: 'The file is larger than the 5 MB limit.',
  uploadMissing: 'Please choose a file to upload.',
  notificationNotFound: 'This notification was not found.',
  notificationsRead: 'Notifications marked as read.',

  // cards and payments: provider texts follow Stripe's published wording
  cardDeclined: 'Your card was declined.',
  cardInsufficientFunds: 'Your card has insufficient funds.',
  cardExpired: 'Your card has expired.',
  cardNumberInvalid: 'Your card number is invalid.',
  cardProcessingError: 'An error occurred while processing your card. Try again in a little bit.',
  cardRequired: 'This field is required.',
  cardNumberFormat: 'Please enter the 16-digit card number.',
  cardExpiryFormat: 'Please enter the expiry date as MM/YY.',
  cardExpiryPast: 'The expiry date is in the past.',
  cardCvvFormat: 'Please enter the 3 or 4 digit CVV.',
  cardAdded: 'Your card has been verified and saved.',
  cardDeleted: 'Your card has been deleted.',
  cardAlreadySaved: 'A card is already saved. Delete it before adding another.',
  noCardSaved: 'There is no saved card.',
  cardTokenInvalid:
    'This card token is invalid or has already been used. Please enter the card again.',
  gatewayUnavailable: 'The payment provider did not answer. Nothing was charged; please try again.',
  // The provider did not answer and may have acted: the same payment is asked about again (by a
  // retry, or within minutes by the reconciliation), under the same key, so it never moves twice.
  gatewayUnknown:
    'The payment provider did not answer. Please try again in a moment: a payment is never taken twice.',
  paymentInProgress: 'This payment is already being processed.',
  // Another movement of money on the request has not been settled yet (docs/decisions/033).
  moneyPending: 'A payment on this request is still being processed. Please try again in a moment.',
  refundAmount: (amount: string) => `Refund of ${amount}`,
  cancellationFeeAmount: (amount: string) => `Cancellation fee of ${amount}`,

  // direct requests: the emailed confirmation ("Is this your request?") and repeated submits
  claimLinkInvalid: 'This confirmation link is invalid or has expired.',
  claimNeedsPassword: 'Choose a password to create your account and keep this request in it.',
  requestClaimed: 'The request is now in your account.',
  requestLinkInvalid: 'This request link is invalid.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 16 to 100 letters, digits or -_:.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',

  // generic server texts (ours, not the spec's)
  unauthorized: 'Your session has ended. Please log in again.',
  notFound: 'The requested resource was not found.',
  internal: 'Something went wrong on our side. Please try again.',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is larger than the 1 MB limit.',
  badRequest: 'The request could not be understood.',
  urlTooLong: 'The request address is longer than the 8 KB limit.',
  headersTooLarge: 'The request address or headers are larger than the server accepts.',
  requestTimeout: 'The request took too long to arrive.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  serverBusy: 'The server is busy right now. Please try again in a few seconds.',
  serviceUnavailable: 'The service is unavailable right now. Please try again in a moment.',
  loggedOut: 'Logged out successfully.',
  ok: 'Success',
} as const;
