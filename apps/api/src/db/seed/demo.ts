/** The demo customer of the embedded mode; README and `npm start` print these credentials. */
export const DEMO_CUSTOMER = {
  email: 'demo@movehub.test',
  password: 'Demo@1234',
  firstName: 'Dana',
  lastName: 'Mover',
  phone: '+13105550142',
  howFoundUs: 'google',
} as const;

/**
 * Demo moving companies of the embedded mode (user_type 2 with a company profile): they own the
 * direct links of the wizard's direct-link mode. No password: they are counterparts only.
 */
export const DEMO_COMPANIES = [
  {
    email: 'dispatch@swiftmovers-la.test',
    firstName: 'Swift',
    lastName: 'Movers',
    profile: {
      name: 'Swift Movers LA',
      about:
        'Family-run movers serving Los Angeles County since 2009: apartments, houses and offices, ' +
        'with padded trucks, free wardrobe boxes and licensed, insured crews.',
      phone: '+12135550181',
      email: 'dispatch@swiftmovers-la.test',
      address: '1820 E 7th St, Los Angeles, CA 90021',
      truckCount: 12,
      rating: 4.8,
    },
  },
  {
    email: 'hello@westsidevanlines.test',
    firstName: 'Westside',
    lastName: 'Van Lines',
    profile: {
      name: 'Westside Van Lines',
      about:
        'Local and long-distance moves from Santa Monica to the Valley; piano and antique ' +
        'handling, short-term storage in Culver City.',
      phone: '+13105550177',
      email: 'hello@westsidevanlines.test',
      address: '3400 S La Cienega Blvd, Los Angeles, CA 90016',
      truckCount: 7,
      rating: 4.5,
    },
  },
] as const;

/** A sales-team member (user_type 4) of the first demo company. */
export const DEMO_SALES_MEMBER = {
  email: 'maria.lopez@swiftmovers-la.test',
  firstName: 'Maria',
  lastName: 'Lopez',
  phone: '+12135550188',
} as const;

/** The demo direct links: one of the company itself, one of its sales-team member. */
export const DEMO_DIRECT_LINKS = { company: 'swift-movers-la', salesTeam: 'swift-movers-sales' };
