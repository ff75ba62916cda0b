// The `zipcodes` package ships no types; these are the parts the seed uses.
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
  };
  export default zipcodes;
}
