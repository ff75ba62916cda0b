/** The demo customer of the embedded mode; README and `npm start` print these credentials. */
export const DEMO_CUSTOMER = {
  email: 'demo@movehub.test',
  password: 'Demo@1234',
  firstName: 'Dana',
  lastName: 'Mover',
  phone: '+13105550142',
  howFoundUs: 'google',
} as const;
