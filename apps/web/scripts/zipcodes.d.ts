// The `zipcodes` package ships no types; these are the parts the basemap script uses.
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
    lookupByState(state: string): ZipCodeInfo[];
  };
  export default zipcodes;
}
