// The database schema, one file per domain; drizzle-kit and the client read it through here.
export * from './accounts';
export * from './companies';
export * from './requests';
export * from './notifications';
export * from './settings';
export * from './uploads';
export * from './payments';
export * from './catalogue';
export * from './lifecycle';
export * from './realtime';
export * from './changes';
export * from './events';
export * from './analytics';
export * from './demo';
