import { inArray } from 'drizzle-orm';
import zipcodes from 'zipcodes';
import { COMMON_LIST_CATEGORY, ItemType, toCents, type ItemSizeCode } from '@movehub/shared';
import type { Tx } from '../client';
import {
  catalogueItems,
  CATEGORY_TYPE,
  itemCategories,
  moveTypes,
  serviceZipCodes,
} from '../schema';
import { catalogueChanged } from '../../modules/catalogue/catalogue.service';

/*
 * The wizard's reference data: move sizes, room types with their items, the Common List, the
 * packing materials and the served zip codes. Seeded in every mode; each row is inserted only
 * when its natural key is missing, so a price or name changed by an operator is kept.
 */

/** spec §9: the movers default matches the first three names exactly, so keep the wording. */
export const MOVE_TYPE_NAMES = [
  'Studio',
  '1 bed room apt.',
  '2 bed room apt.',
  '3 bed room apt.',
  '4 bed room apt.',
  'Office',
  'Storage Unit',
] as const;

export const PACKING_MATERIALS_CATEGORY = 'Packing Materials';

const XS: ItemSizeCode = '0';
const S: ItemSizeCode = '1';
const M: ItemSizeCode = '2';
const L: ItemSizeCode = '3';
const XL: ItemSizeCode = '4';

/** name, size, unit price in dollars (what a mover typically charges to handle one). */
type SeedItem = readonly [name: string, size: ItemSizeCode, dollars: number];

export const ROOM_ITEMS: Readonly<Record<string, readonly SeedItem[]>> = {
  'Living Room': [
    ['Sofa 3-seat', L, 85],
    ['Sectional sofa', XL, 140],
    ['Loveseat', M, 60],
    ['Armchair', M, 40],
    ['Recliner', M, 50],
    ['Coffee table', S, 25],
    ['Side table', XS, 15],
    ['TV up to 55"', M, 45],
    ['TV over 55"', L, 70],
    ['TV stand', M, 35],
    ['Bookshelf', M, 35],
    ['Floor lamp', XS, 10],
    ['Area rug', S, 20],
    ['Piano (upright)', XL, 250],
  ],
  Bedroom: [
    ['Queen bed frame', L, 70],
    ['King bed frame', XL, 90],
    ['Twin bed frame', M, 45],
    ['Queen mattress', L, 40],
    ['King mattress', XL, 50],
    ['Twin mattress', M, 30],
    ['Dresser', L, 60],
    ['Chest of drawers', M, 45],
    ['Nightstand', S, 20],
    ['Wardrobe', XL, 90],
    ['Mirror', S, 20],
    ['Vanity table', M, 40],
  ],
  Kitchen: [
    ['Refrigerator', XL, 150],
    ['Stove / range', L, 100],
    ['Dishwasher', L, 80],
    ['Microwave', XS, 15],
    ['Kitchen table', M, 45],
    ['Kitchen chair', XS, 10],
    ['Bar stool', XS, 10],
    ['Kitchen cart', S, 25],
    ['Freezer (chest)', L, 110],
    ['Wine rack', S, 20],
  ],
  'Dining Room': [
    ['Dining table (4-6 seats)', L, 70],
    ['Dining table (8+ seats)', XL, 110],
    ['Dining chair', XS, 10],
    ['China cabinet', XL, 120],
    ['Buffet / sideboard', L, 75],
    ['Bench', S, 20],
    ['Bar cart', S, 20],
    ['Chandelier', S, 35],
  ],
  Office: [
    ['Desk', M, 50],
    ['Executive desk', L, 80],
    ['Office chair', S, 20],
    ['Filing cabinet (2-drawer)', S, 25],
    ['Filing cabinet (4-drawer)', M, 45],
    ['Bookshelf', M, 35],
    ['Computer monitor', XS, 15],
    ['Desktop computer', XS, 15],
    ['Printer', S, 15],
    ['Conference table', XL, 120],
  ],
  Garage: [
    ['Washer', L, 80],
    ['Dryer', L, 80],
    ['Tool chest', L, 70],
    ['Workbench', L, 60],
    ['Storage shelving unit', M, 35],
    ['Lawn mower', M, 40],
    ['Bicycle', M, 30],
    ['Ladder', M, 25],
    ['Treadmill', XL, 120],
    ['Storage bin', XS, 5],
  ],
  Bathroom: [
    ['Bathroom cabinet', S, 25],
    ['Laundry hamper', XS, 5],
    ['Towel rack', XS, 5],
    ['Bathroom shelf', XS, 10],
    ['Full-length mirror', S, 20],
    ['Bath scale', XS, 5],
    ['Shower caddy', XS, 5],
    ['Storage tower', S, 20],
  ],
  'Kids Room': [
    ['Crib', M, 45],
    ['Bunk bed', XL, 100],
    ['Toddler bed', M, 35],
    ['Changing table', M, 35],
    ['Toy chest', S, 20],
    ['Kids desk', S, 25],
    ['High chair', XS, 10],
    ['Rocking chair', M, 30],
    ['Stroller', S, 15],
  ],
  'Patio/Outdoor': [
    ['Patio table', L, 50],
    ['Patio chair', S, 10],
    ['Lounge chair', M, 25],
    ['Patio umbrella', M, 20],
    ['Gas grill', L, 60],
    ['Outdoor sofa', L, 70],
    ['Large planter', M, 30],
    ['Fire pit', M, 35],
    ['Hammock with stand', M, 30],
  ],
};

/** The Common List: items of any room, the ones a common-list mover adds most. */
export const COMMON_ITEMS: readonly SeedItem[] = [
  ['Box (small)', XS, 3],
  ['Box (medium)', XS, 4],
  ['Box (large)', S, 5],
  ['Wardrobe box', S, 12],
  ['Suitcase', XS, 5],
  ['Lamp', XS, 10],
  ['Mirror', S, 20],
  ['Plant', XS, 10],
  ['Rug', S, 20],
  ['Artwork / picture frame', XS, 10],
  ['Television', M, 45],
  ['Chair', S, 15],
];

/** name, unit price in dollars, the tooltip (spec §3 `desciption`). */
type ExtraItem = readonly [name: string, dollars: number, description: string];

export const PACKING_MATERIALS: readonly ExtraItem[] = [
  ['Small box', 3, 'A 1.5 cu ft box for heavy things such as books, tools and canned food.'],
  ['Medium box', 4, 'A 3 cu ft box for kitchenware, toys and small appliances.'],
  ['Large box', 5, 'A 4.5 cu ft box for light, bulky things such as bedding and pillows.'],
  ['Wardrobe box', 15, 'A tall box with a hanging bar, so clothes move on their hangers.'],
  ['Packing paper', 12, 'A 10 lb bundle of clean newsprint to wrap dishes and glassware.'],
  ['Bubble wrap roll', 20, 'A 12 in by 100 ft roll to cushion fragile and breakable items.'],
  ['Packing tape', 3, 'One 2 in roll of heavy-duty tape to seal about 20 boxes.'],
  ['Mattress bag', 10, 'A plastic cover that keeps a mattress clean and dry in the truck.'],
  ['TV box', 30, 'An adjustable padded box that protects a flat-screen TV up to 70 in.'],
  ['Stretch wrap', 18, 'A roll of plastic film that keeps drawers shut and protects upholstery.'],
];

/*
 * Served zip codes: Los Angeles County. The gazetteer has no county, so the county is taken from
 * the USPS ranges assigned to it, 90001–90899, 91001–91899 and 93510–93599, intersected with
 * state CA. Those ranges also hold zips of the neighbouring counties (Orange in 906xx/907xx,
 * Ventura in 913xx, San Bernardino and Riverside in 917xx, Kern, Inyo and Mono in 935xx); their
 * places are listed here and left out.
 */
const LA_COUNTY_RANGES: readonly (readonly [number, number])[] = [
  [90001, 90899],
  [91001, 91899],
  [93510, 93599],
];
const OUTSIDE_LA_COUNTY = new Set([
  // Orange County
  'Buena Park',
  'Cypress',
  'La Habra',
  'La Palma',
  'Los Alamitos',
  'Seal Beach',
  'Stanton',
  'Sunset Beach',
  'Surfside',
  // Ventura County
  'Newbury Park',
  'Oak Park',
  'Thousand Oaks',
  // San Bernardino and Riverside counties
  'Chino',
  'Chino Hills',
  'Guasti',
  'Mira Loma',
  'Montclair',
  'Mt Baldy',
  'Ontario',
  'Rancho Cucamonga',
  'Upland',
  'Trona',
  // Kern, Inyo and Mono counties
  'Benton',
  'Big Pine',
  'Bishop',
  'Boron',
  'Bridgeport',
  'Caliente',
  'Cantil',
  'Darwin',
  'Edwards',
  'Independence',
  'Inyokern',
  'Johannesburg',
  'June Lake',
  'Keeler',
  'Keene',
  'Lee Vining',
  'Little Lake',
  'Lone Pine',
  'Mammoth Lakes',
  'Olancha',
  'Randsburg',
  'Red Mountain',
  'Ridgecrest',
  'Rosamond',
  'Tehachapi',
]);

/** The zip codes of Los Angeles County in the gazetteer. */
export function laCountyZipCodes() {
  return zipcodes.lookupByState('CA').filter((z) => {
    const n = Number(z.zip);
    return (
      LA_COUNTY_RANGES.some(([from, to]) => n >= from && n <= to) && !OUTSIDE_LA_COUNTY.has(z.city)
    );
  });
}

export async function seedCatalogue(opts: { db: Tx }): Promise<void> {
  const { db } = opts;

  await db
    .insert(moveTypes)
    .values(MOVE_TYPE_NAMES.map((name, position) => ({ name, position })))
    .onConflictDoNothing({ target: moveTypes.name });

  const roomNames = [...Object.keys(ROOM_ITEMS), COMMON_LIST_CATEGORY];
  await db
    .insert(itemCategories)
    .values([
      ...roomNames.map((name, position) => ({ name, type: CATEGORY_TYPE.room, position })),
      { name: PACKING_MATERIALS_CATEGORY, type: CATEGORY_TYPE.extraGroup, position: 0 },
    ])
    .onConflictDoNothing({ target: [itemCategories.type, itemCategories.name] });

  const categories = await db
    .select({ id: itemCategories.id, name: itemCategories.name, type: itemCategories.type })
    .from(itemCategories)
    .where(inArray(itemCategories.name, [...roomNames, PACKING_MATERIALS_CATEGORY]));
  const idOf = (name: string, type: number) => {
    const found = categories.find((c) => c.name === name && c.type === type);
    if (!found) throw new Error(`catalogue seed: category ${name} is missing`);
    return found.id;
  };

  const regular = (categoryId: number, items: readonly SeedItem[]) =>
    items.map(([name, size, dollars]) => ({
      categoryId,
      name,
      type: ItemType.regular,
      size,
      unitPriceCents: toCents(dollars),
    }));
  await db
    .insert(catalogueItems)
    .values([
      ...Object.entries(ROOM_ITEMS).flatMap(([room, items]) =>
        regular(idOf(room, CATEGORY_TYPE.room), items),
      ),
      ...regular(idOf(COMMON_LIST_CATEGORY, CATEGORY_TYPE.room), COMMON_ITEMS),
      ...PACKING_MATERIALS.map(([name, dollars, description]) => ({
        categoryId: idOf(PACKING_MATERIALS_CATEGORY, CATEGORY_TYPE.extraGroup),
        name,
        type: ItemType.extra,
        size: '0',
        unitPriceCents: toCents(dollars),
        description,
      })),
    ])
    .onConflictDoNothing({ target: [catalogueItems.categoryId, catalogueItems.name] });

  await db
    .insert(serviceZipCodes)
    .values(
      laCountyZipCodes().map((z) => ({
        zipCode: z.zip,
        city: z.city,
        state: z.state,
        latitude: z.latitude,
        longitude: z.longitude,
      })),
    )
    .onConflictDoNothing({ target: serviceZipCodes.zipCode });
  catalogueChanged({ db });
}
