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
 * The password of every demo company and foreman (user_type 2 and 3): they sign in through
 * `POST /app_api/login` with their user_type. README and `npm start` print it.
 */
export const DEMO_COUNTERPART_PASSWORD = 'Demo@1234';

export interface DemoReview {
  firstName: string;
  lastName: string;
  rating: number;
  comment: string;
  /** When it was written (UTC day). */
  date: string;
}

export interface DemoCompany {
  email: string;
  firstName: string;
  lastName: string;
  profile: {
    name: string;
    about: string;
    /** A file of apps/web/public/demo, served by the web app's static server. */
    profilePicture: string;
    phone: string;
    email: string;
    address: string;
    completedMoves: number;
  };
  /** Its direct link (/create-request/{link}). */
  directLink: string;
  trucks: readonly string[];
  foremen: readonly { email: string; firstName: string; lastName: string; phone: string }[];
  /**
   * The first three digits of the served zip codes it covers; the seed takes every zip code of
   * service_zip_codes (Los Angeles County) that starts with one of them. Empty: all of them.
   */
  zipPrefixes: readonly string[];
  /** Reviews carried over from before it joined (request_id null); its rating is their mean. */
  reviews: readonly DemoReview[];
}

/**
 * Demo moving companies of the embedded mode (user_type 2 with a company profile, foremen,
 * trucks, served zip codes, reviews and a direct link each). The demo simulator
 * (modules/demo) bids with them on new requests in their area. The order is kept: tests and the
 * first direct links refer to the first two.
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
      profilePicture: '/demo/swift-movers-la.svg',
      phone: '+12135550181',
      email: 'dispatch@swiftmovers-la.test',
      address: '1820 E 7th St, Los Angeles, CA 90021',
      completedMoves: 1284,
    },
    directLink: 'swift-movers-la',
    trucks: [
      '26 ft box truck #1',
      '26 ft box truck #2',
      '20 ft box truck',
      '16 ft box truck',
      'Cargo van',
    ],
    foremen: [
      {
        email: 'carlos.ramirez@swiftmovers-la.test',
        firstName: 'Carlos',
        lastName: 'Ramirez',
        phone: '+12135550183',
      },
      {
        email: 'james.okafor@swiftmovers-la.test',
        firstName: 'James',
        lastName: 'Okafor',
        phone: '+12135550184',
      },
    ],
    zipPrefixes: [],
    reviews: [
      {
        firstName: 'Jennifer',
        lastName: 'Park',
        rating: 5,
        comment:
          'Three guys moved our two-bedroom from Silver Lake to Echo Park in under five hours. ' +
          'Everything was wrapped, nothing was scratched, and they reassembled the beds.',
        date: '2026-10-18',
      },
      {
        firstName: 'Marcus',
        lastName: 'Bell',
        rating: 5,
        comment: 'On time, friendly and fast. The price was exactly what they bid.',
        date: '2026-09-02',
      },
      {
        firstName: 'Alicia',
        lastName: 'Gomez',
        rating: 4,
        comment:
          'Great crew, careful with our piano. They arrived 30 minutes late because of traffic on ' +
          'the 101 but called ahead.',
        date: '2026-07-21',
      },
      {
        firstName: 'Tom',
        lastName: 'Nguyen',
        rating: 5,
        comment:
          'Moved our small office over a weekend. Desks and monitors all arrived in one piece.',
        date: '2026-05-11',
      },
      {
        firstName: 'Rachel',
        lastName: 'Stein',
        rating: 5,
        comment: 'Third time using Swift. Still the best movers in LA as far as I am concerned.',
        date: '2026-03-29',
      },
      {
        firstName: 'David',
        lastName: 'Kim',
        rating: 4,
        comment:
          'Good job overall; one lamp shade got bent but they paid for a new one right away.',
        date: '2026-01-14',
      },
    ],
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
      profilePicture: '/demo/westside-van-lines.svg',
      phone: '+13105550177',
      email: 'hello@westsidevanlines.test',
      address: '3400 S La Cienega Blvd, Los Angeles, CA 90016',
      completedMoves: 642,
    },
    directLink: 'westside-van-lines',
    trucks: ['26 ft box truck', '20 ft box truck', '16 ft box truck', 'Piano dolly van'],
    foremen: [
      {
        email: 'kevin.walsh@westsidevanlines.test',
        firstName: 'Kevin',
        lastName: 'Walsh',
        phone: '+13105550178',
      },
      {
        email: 'luis.herrera@westsidevanlines.test',
        firstName: 'Luis',
        lastName: 'Herrera',
        phone: '+13105550179',
      },
    ],
    // City of Los Angeles, the Westside and Santa Monica, the South Bay.
    zipPrefixes: ['900', '902', '903', '904', '905'],
    reviews: [
      {
        firstName: 'Sophie',
        lastName: 'Laurent',
        rating: 5,
        comment: 'They moved my grandmother’s antique armoire without a mark. Worth every dollar.',
        date: '2026-10-03',
      },
      {
        firstName: 'Brian',
        lastName: 'Cho',
        rating: 4,
        comment: 'Smooth move from Venice to Culver City. A bit slow loading, quick unloading.',
        date: '2026-08-16',
      },
      {
        firstName: 'Olivia',
        lastName: 'Martinez',
        rating: 5,
        comment:
          'Used their storage for two weeks between leases. Everything came back exactly as it left.',
        date: '2026-06-27',
      },
      {
        firstName: 'Greg',
        lastName: 'Thompson',
        rating: 4,
        comment:
          'Fair price and a careful crew. Parking in Santa Monica was on me, they handled it.',
        date: '2026-04-09',
      },
      {
        firstName: 'Nina',
        lastName: 'Patel',
        rating: 4,
        comment: 'Friendly team. The truck was smaller than I expected so it took two trips.',
        date: '2026-02-20',
      },
    ],
  },
  {
    email: 'book@valleystarmoving.test',
    firstName: 'Valley Star',
    lastName: 'Moving',
    profile: {
      name: 'Valley Star Moving',
      about:
        'San Fernando Valley movers with flat-rate local moves, same-day small moves and a ' +
        'crew that knows every hillside driveway from Encino to Sunland.',
      profilePicture: '/demo/valley-star-moving.svg',
      phone: '+18185550123',
      email: 'book@valleystarmoving.test',
      address: '7600 Van Nuys Blvd, Van Nuys, CA 91405',
      completedMoves: 415,
    },
    directLink: 'valley-star-moving',
    trucks: ['24 ft box truck', '16 ft box truck', 'Cargo van'],
    foremen: [
      {
        email: 'mike.petrosyan@valleystarmoving.test',
        firstName: 'Mike',
        lastName: 'Petrosyan',
        phone: '+18185550124',
      },
      {
        email: 'andre.johnson@valleystarmoving.test',
        firstName: 'Andre',
        lastName: 'Johnson',
        phone: '+18185550125',
      },
    ],
    // The San Fernando Valley, Burbank and Glendale, and the City of Los Angeles.
    zipPrefixes: ['900', '912', '913', '914', '915', '916'],
    reviews: [
      {
        firstName: 'Hannah',
        lastName: 'Reyes',
        rating: 5,
        comment: 'Booked the day before and they still made it. Quick, polite and tidy.',
        date: '2026-10-25',
      },
      {
        firstName: 'Steve',
        lastName: 'Morales',
        rating: 4,
        comment: 'Moved a three-bedroom in Sherman Oaks. Long day but nothing broke.',
        date: '2026-09-13',
      },
      {
        firstName: 'Emily',
        lastName: 'Hartman',
        rating: 3,
        comment:
          'The move itself was fine, but the arrival window moved twice the day before. ' +
          'Communication could be better.',
        date: '2026-07-05',
      },
      {
        firstName: 'Victor',
        lastName: 'Aslanyan',
        rating: 5,
        comment: 'Got our gym equipment up a steep driveway in Tujunga. Real pros.',
        date: '2026-05-30',
      },
      {
        firstName: 'Paula',
        lastName: 'Chen',
        rating: 4,
        comment: 'Good value for a studio move. They brought their own dollies and blankets.',
        date: '2026-03-08',
      },
    ],
  },
  {
    email: 'office@pasadenapacific.test',
    firstName: 'Pasadena',
    lastName: 'Pacific',
    profile: {
      name: 'Pasadena Pacific Movers',
      about:
        'Full-service moving and packing for Pasadena and the San Gabriel Valley: we pack, ' +
        'wrap, move and unpack, and we are happy to take on fragile collections.',
      profilePicture: '/demo/pasadena-pacific-movers.svg',
      phone: '+16265550166',
      email: 'office@pasadenapacific.test',
      address: '455 E Colorado Blvd, Pasadena, CA 91101',
      completedMoves: 238,
    },
    directLink: 'pasadena-pacific-movers',
    trucks: ['26 ft box truck', '20 ft box truck', '16 ft box truck'],
    foremen: [
      {
        email: 'robert.lee@pasadenapacific.test',
        firstName: 'Robert',
        lastName: 'Lee',
        phone: '+16265550167',
      },
      {
        email: 'daniel.cruz@pasadenapacific.test',
        firstName: 'Daniel',
        lastName: 'Cruz',
        phone: '+16265550168',
      },
    ],
    // Pasadena and the San Gabriel Valley, and the City of Los Angeles.
    zipPrefixes: ['900', '910', '911', '917'],
    reviews: [
      {
        firstName: 'Laura',
        lastName: 'Whitfield',
        rating: 5,
        comment:
          'They packed our whole kitchen in three hours, every glass wrapped. Unpacked it too.',
        date: '2026-11-02',
      },
      {
        firstName: 'Kenji',
        lastName: 'Watanabe',
        rating: 5,
        comment: 'Careful with my ceramics collection. Not one chip.',
        date: '2026-09-19',
      },
      {
        firstName: 'Maria',
        lastName: 'Santos',
        rating: 4,
        comment: 'Pricier than others but the packing service saved us a week of work.',
        date: '2026-08-01',
      },
      {
        firstName: 'Jason',
        lastName: 'Wright',
        rating: 4,
        comment: 'Moved from Altadena to Monrovia. On time and well organised.',
        date: '2026-06-14',
      },
      {
        firstName: 'Anna',
        lastName: 'Kowalski',
        rating: 5,
        comment: 'Foreman Robert kept us updated all day. Would hire again.',
        date: '2026-04-22',
      },
      {
        firstName: 'Chris',
        lastName: 'Donovan',
        rating: 4,
        comment:
          'Solid move. They had to come back for the patio set, but did so the same evening.',
        date: '2026-02-03',
      },
      {
        firstName: 'Grace',
        lastName: 'Liu',
        rating: 5,
        comment: 'Second move with them; the same crew remembered us. Lovely people.',
        date: '2025-12-12',
      },
    ],
  },
] as const satisfies readonly DemoCompany[];

/** A sales-team member (user_type 4) of the first demo company. */
export const DEMO_SALES_MEMBER = {
  email: 'maria.lopez@swiftmovers-la.test',
  firstName: 'Maria',
  lastName: 'Lopez',
  phone: '+12135550188',
} as const;

/** The demo direct links: one of the company itself, one of its sales-team member. */
export const DEMO_DIRECT_LINKS = { company: 'swift-movers-la', salesTeam: 'swift-movers-sales' };
