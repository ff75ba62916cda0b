export * from './constants';
export * from './enums';
export * from './messages';
export * from './rules/validation';
export * from './schemas/envelope';
export * from './schemas/auth';
export * from './schemas/requests';
export * from './schemas/dev';
