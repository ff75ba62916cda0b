// The `zipcodes` package ships no types; these are the parts the seed and the geo adapter use.
declare module 'zipcodes' {
  export interface ZipCodeInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    lookup(zip: string | number): ZipCodeInfo | undefined;
    lookupByState(state: string): ZipCodeInfo[];
    /** Every entry by zip code (US and Canadian). */
    codes: Record<string, ZipCodeInfo>;
    /** State and province codes by upper-case full name ('CALIFORNIA' → 'CA'). */
    states: { full: Record<string, string> };
  };
  export default zipcodes;
}
